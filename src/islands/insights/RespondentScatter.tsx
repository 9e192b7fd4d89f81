import { useEffect, useMemo, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { ARROW_STEPS, stepDot } from '../../core/dot-steps.ts';
import { distinctPlaces, leanCounts } from '../../core/points.ts';
import type { Position } from '../../core/scoring.ts';
import { matchesOverlay, respondentScatter, type PickedDot, type ScatterPlot } from '../../charts/insights/scatter.ts';
import type { ScatterPoints } from '../../lib/api.ts';
import { ChartPanel } from './ChartPanel.tsx';
import { coverage, formatCount, plural } from './format.ts';

interface Props {
  chart: ScatterPlot;
  title: string;
  /** What the plot shows, before the counts. */
  intro: string;
  points: ScatterPoints | null;
  /** Said in the caption while `points` is null. */
  missing: string;
  positions: readonly Position[];
  /** Dots drawn over the crowd (the search matches); undefined where the plot has none. */
  highlighted?: readonly Position[];
  onPick?: (dot: PickedDot) => void;
  /** The dot picked last on this plot, ringed over it. */
  picked?: PickedDot | null;
  idPrefix: string;
  /** Shown under the caption: the name search, the clicked name. */
  children?: ReactNode;
}

/** The dots by side of the center, a different count from the heatmap's high and low values. */
function describeSides(positions: readonly Position[]): string {
  const lean = leanCounts(positions);
  const sides = [
    `${formatCount(lean.loveReason)} toward Love and Reason`,
    `${formatCount(lean.loveHonor)} toward Love and Honor`,
    `${formatCount(lean.dutyHonor)} toward Duty and Honor`,
    `${formatCount(lean.dutyReason)} toward Duty and Reason`,
    `${formatCount(lean.balanced)} on an axis`,
  ].join(', ');
  return `Sides of the center, counted here by which side of each axis a dot falls on: ${sides}.`;
}

/** Said when fewer dots can be seen than are drawn. */
function describeOverlap(positions: readonly Position[]): string {
  const places = distinctPlaces(positions);
  if (places === positions.length) return '';
  return ` Respondents with the same totals share one dot: ${plural(places, 'place', 'places')} for ${plural(positions.length, 'dot', 'dots')}.`;
}

export function RespondentScatter({
  chart,
  title,
  intro,
  points,
  missing,
  positions,
  highlighted,
  onPick,
  picked = null,
  idPrefix,
  children,
}: Props) {
  // The crowd's chart reads the matches when clicked, so new matches redraw the overlay alone.
  const current = useRef(highlighted);
  useEffect(() => {
    current.current = highlighted;
  }, [highlighted]);
  const config = useMemo(
    // eslint-disable-next-line react-hooks/refs -- the getter is called when the chart is clicked, not in render
    () => (points ? respondentScatter({ positions, onPick, highlighted: () => current.current ?? [] }) : null),
    [points, positions, onPick],
  );
  // Counted once per set of dots, not on every render (a search redraws the matches alone).
  const overlap = useMemo(() => describeOverlap(positions), [positions]);
  const sides = useMemo(() => describeSides(positions), [positions]);
  // The dot picked on this plot, ringed over it; a match's place is among the matches, a dot's among the crowd.
  const pickedAt = (picked && (picked.layer === 'highlighted' ? highlighted : positions)?.[picked.index]) ?? null;
  const overlay = useMemo(() => {
    // /insights picks nothing and searches nothing: no overlay at all.
    if (!onPick && highlighted === undefined) return undefined;
    const matches = highlighted ?? [];
    return matches.length > 0 || pickedAt ? matchesOverlay(matches, pickedAt) : null;
  }, [onPick, highlighted, pickedAt]);

  // The keyboard's way to the respondents: the arrow keys step from dot to dot, as a click picks one.
  const onKeyDown = (event: KeyboardEvent) => {
    const direction = ARROW_STEPS[event.key];
    if (!direction || !onPick) return;
    event.preventDefault();
    const next = stepDot(positions, picked?.layer === 'respondents' ? picked.index : null, direction);
    if (next !== null) onPick({ layer: 'respondents', index: next });
  };
  return (
    <ChartPanel
      titleId={`${idPrefix}-${chart}-title`}
      title={title}
      chart={chart}
      config={config}
      overlay={overlay}
      label={`Scatterplot: ${title}`}
      keys={
        onPick && points ? { onKeyDown, hint: 'Arrow keys move from dot to dot, naming each respondent.' } : undefined
      }
      shape="square"
      caption={
        points ? (
          <>
            <span data-coverage>{`${intro} Showing ${coverage(points)}.${overlap}`}</span>{' '}
            {`Right leans to Reason, left to Honor, up to Love, down to Duty. ${sides}`}
          </>
        ) : (
          missing
        )
      }
    >
      {children}
    </ChartPanel>
  );
}

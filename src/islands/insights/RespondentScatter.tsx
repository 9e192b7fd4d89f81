import { useEffect, useMemo, useRef, type ReactNode } from 'react';
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
  const overlay = useMemo(
    () => (highlighted === undefined ? undefined : highlighted.length > 0 ? matchesOverlay(highlighted) : null),
    [highlighted],
  );
  return (
    <ChartPanel
      titleId={`${idPrefix}-${chart}-title`}
      title={title}
      chart={chart}
      config={config}
      overlay={overlay}
      label={`Scatterplot: ${title}`}
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

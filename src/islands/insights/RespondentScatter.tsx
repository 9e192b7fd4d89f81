import { useMemo, type ReactNode } from 'react';
import { leanCounts } from '../../core/points.ts';
import type { Position } from '../../core/scoring.ts';
import { respondentScatter, type PickedDot, type ScatterPlot } from '../../charts/insights/scatter.ts';
import type { ScatterPoints } from '../../lib/api.ts';
import { ChartPanel } from './ChartPanel.tsx';
import { coverage, formatCount } from './format.ts';

interface Props {
  chart: ScatterPlot;
  title: string;
  /** What the plot shows, before the counts. */
  intro: string;
  points: ScatterPoints | null;
  /** Said in the caption while `points` is null. */
  missing: string;
  positions: readonly Position[];
  highlighted?: readonly Position[];
  onPick?: (dot: PickedDot) => void;
  idPrefix: string;
  /** Shown under the caption: the name search, the clicked name. */
  children?: ReactNode;
}

function describeLeans(positions: readonly Position[]): string {
  const lean = leanCounts(positions);
  return [
    `${formatCount(lean.loveReason)} lean to Love and Reason`,
    `${formatCount(lean.loveHonor)} to Love and Honor`,
    `${formatCount(lean.dutyHonor)} to Duty and Honor`,
    `${formatCount(lean.dutyReason)} to Duty and Reason`,
    `${formatCount(lean.balanced)} sit on an axis`,
  ].join(', ');
}

export function RespondentScatter({ chart, title, intro, points, missing, positions, highlighted, onPick, idPrefix, children }: Props) {
  const config = useMemo(
    () => (points ? respondentScatter({ positions, highlighted, onPick }) : null),
    [points, positions, highlighted, onPick],
  );
  return (
    <ChartPanel
      titleId={`${idPrefix}-${chart}-title`}
      title={title}
      chart={chart}
      config={config}
      label={`Scatterplot: ${title}`}
      shape="square"
      caption={
        points ? (
          <>
            <span data-coverage>{`${intro} Showing ${coverage(points)}.`}</span>{' '}
            {`Right leans to Reason, left to Honor, up to Love, down to Duty. Of the dots shown, ${describeLeans(positions)}.`}
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

import { useMemo, type ReactNode } from 'react';
import { positionsOf, relativePositionsOf } from '../../core/points.ts';
import type { Position } from '../../core/scoring.ts';
import type { PickedDot, ScatterPlot } from '../../charts/insights/scatter.ts';
import type { ValueTuple } from '../../core/points.ts';
import type { Insights } from '../../lib/api.ts';
import { AveragePie } from './AveragePie.tsx';
import { RespondentScatter } from './RespondentScatter.tsx';
import { SCATTER_PLOTS } from './scatter-plots.ts';

interface Props {
  insights: Insights | null;
  /** Said where a chart has no data: why there is none. */
  missing: string;
  idPrefix: string;
  /** Raw totals to pick out on the relative plot: the hidden page's search matches. */
  highlightedRaw?: readonly ValueTuple[];
  onPick?: (plot: ScatterPlot, dot: PickedDot) => void;
  /** The dot picked last, and on which plot. */
  picked?: (PickedDot & { chart: ScatterPlot }) | null;
  /** Shown under each plot's caption on the hidden page: the clicked name, the search. */
  extras?: Partial<Record<ScatterPlot, ReactNode>>;
}

/** The pie and the two scatterplots, the same on /insights and on /hehe. */
export function CrowdCharts({ insights, missing, idPrefix, highlightedRaw, onPick, picked, extras }: Props) {
  const range = useMemo(
    () => (insights?.min && insights.max ? { min: insights.min, max: insights.max } : null),
    [insights],
  );
  const positions = useMemo<Record<ScatterPlot, readonly Position[]>>(
    () => ({
      scatter: insights ? positionsOf(insights.points.raw) : [],
      relative: insights && range ? relativePositionsOf(insights.points.raw, range) : [],
    }),
    [insights, range],
  );
  // A search's matches, ringed on both plots.
  const highlighted = useMemo<Record<ScatterPlot, readonly Position[]> | undefined>(
    () =>
      highlightedRaw
        ? {
            scatter: positionsOf(highlightedRaw),
            relative: range ? relativePositionsOf(highlightedRaw, range) : [],
          }
        : undefined,
    [highlightedRaw, range],
  );
  // One stable handler per plot, so that a redraw happens only when the data changes.
  const picks = useMemo(
    () =>
      onPick
        ? { scatter: (dot: PickedDot) => onPick('scatter', dot), relative: (dot: PickedDot) => onPick('relative', dot) }
        : null,
    [onPick],
  );

  return (
    <>
      <AveragePie mean={insights?.mean ?? null} missing={missing} idPrefix={idPrefix} />
      {SCATTER_PLOTS.map(({ chart, title, intro }) => (
        <RespondentScatter
          key={chart}
          chart={chart}
          title={title}
          intro={intro}
          points={insights?.points ?? null}
          missing={missing}
          positions={positions[chart]}
          highlighted={highlighted?.[chart]}
          onPick={picks?.[chart]}
          picked={picked?.chart === chart ? picked : null}
          idPrefix={idPrefix}
        >
          {extras?.[chart]}
        </RespondentScatter>
      ))}
    </>
  );
}

import { useMemo, type ReactNode } from 'react';
import { positionsOf, relativePositionsOf } from '../../core/points.ts';
import type { PickedDot } from '../../charts/insights/scatter.ts';
import type { Insights, RawPoint } from '../../lib/api.ts';
import { AveragePie } from './AveragePie.tsx';
import { RespondentScatter } from './RespondentScatter.tsx';
import { RELATIVE_INTRO, SCATTER_INTRO } from './texts.ts';

interface Props {
  insights: Insights | null;
  idPrefix: string;
  /** Raw totals to pick out on the relative plot: the hidden page's search matches. */
  highlightedRaw?: readonly RawPoint[];
  onPickScatter?: (dot: PickedDot) => void;
  onPickRelative?: (dot: PickedDot) => void;
  /** Shown under each plot's caption on the hidden page: the clicked name, the search. */
  scatterExtra?: ReactNode;
  relativeExtra?: ReactNode;
}

/** The pie and the two scatterplots, the same on /insights and on /hehe. */
export function CrowdCharts({
  insights,
  idPrefix,
  highlightedRaw,
  onPickScatter,
  onPickRelative,
  scatterExtra,
  relativeExtra,
}: Props) {
  const range = useMemo(() => (insights?.min && insights.max ? { min: insights.min, max: insights.max } : null), [insights]);
  const positions = useMemo(() => (insights ? positionsOf(insights.points.raw) : []), [insights]);
  const relative = useMemo(() => (insights && range ? relativePositionsOf(insights.points.raw, range) : []), [insights, range]);
  const highlighted = useMemo(
    () => (highlightedRaw ? (range ? relativePositionsOf(highlightedRaw, range) : []) : undefined),
    [highlightedRaw, range],
  );

  return (
    <>
      <AveragePie mean={insights?.mean ?? null} idPrefix={idPrefix} />
      <RespondentScatter
        chart="scatter"
        title="All respondents"
        intro={SCATTER_INTRO}
        points={insights?.points ?? null}
        positions={positions}
        onPick={onPickScatter}
        idPrefix={idPrefix}
      >
        {scatterExtra}
      </RespondentScatter>
      <RespondentScatter
        chart="relative"
        title="Relative to the range"
        intro={RELATIVE_INTRO}
        points={insights?.points ?? null}
        positions={relative}
        highlighted={highlighted}
        onPick={onPickRelative}
        idPrefix={idPrefix}
      >
        {relativeExtra}
      </RespondentScatter>
    </>
  );
}

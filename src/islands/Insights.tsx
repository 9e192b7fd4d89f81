import { useEffect, useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { positionsOf, relativePositionsOf } from '../core/points.ts';
import { $insights, loadInsights } from '../stores/insights.ts';
import { AveragePie } from './insights/AveragePie.tsx';
import { HowOthersAnswered } from './insights/HowOthersAnswered.tsx';
import { QuadrantHeatmap } from './insights/QuadrantHeatmap.tsx';
import { RespondentScatter } from './insights/RespondentScatter.tsx';
import { plural } from './insights/format.ts';
import { RELATIVE_INTRO, SCATTER_INTRO } from './insights/texts.ts';
import styles from './insights/insights.module.css';

/** The public /insights page: aggregates of everyone, never a name. */
export default function Insights() {
  const state = useStore($insights);
  useEffect(() => {
    void loadInsights();
  }, []);

  const insights = state.status === 'ready' ? state.insights : null;
  const positions = useMemo(() => (insights ? positionsOf(insights.points.raw) : []), [insights]);
  const relative = useMemo(
    () => (insights?.min && insights.max ? relativePositionsOf(insights.points.raw, { min: insights.min, max: insights.max }) : []),
    [insights],
  );

  return (
    <div className={styles.page} aria-busy={state.status === 'loading'}>
      {insights && (
        <p className={styles.caption}>
          {`Based on ${plural(insights.count, 'respondent', 'respondents')}.`}
        </p>
      )}
      <div className={styles.grid}>
        <AveragePie mean={insights?.mean ?? null} idPrefix="insights" />
        <RespondentScatter
          chart="scatter"
          title="All respondents"
          intro={SCATTER_INTRO}
          points={insights?.points ?? null}
          positions={positions}
          idPrefix="insights"
        />
        <RespondentScatter
          chart="relative"
          title="Relative to the range"
          intro={RELATIVE_INTRO}
          points={insights?.points ?? null}
          positions={relative}
          idPrefix="insights"
        />
        <QuadrantHeatmap quadrants={insights?.quadrants ?? null} />
      </div>
      <HowOthersAnswered shares={insights?.answer_shares ?? null} />
    </div>
  );
}

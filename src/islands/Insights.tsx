import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $insights, loadInsights } from '../stores/insights.ts';
import { CrowdCharts } from './insights/CrowdCharts.tsx';
import { HowOthersAnswered } from './insights/HowOthersAnswered.tsx';
import { QuadrantHeatmap } from './insights/QuadrantHeatmap.tsx';
import { plural } from './insights/format.ts';
import styles from './insights/insights.module.css';

/** The public /insights page: aggregates of everyone, never a name. */
export default function Insights() {
  const state = useStore($insights);
  useEffect(() => {
    void loadInsights();
  }, []);

  const insights = state.status === 'ready' ? state.insights : null;

  return (
    <div className={styles.page} aria-busy={state.status === 'loading'}>
      {insights && (
        <p className={styles.count}>
          {`Based on ${plural(insights.count, 'respondent', 'respondents')}.`}
        </p>
      )}
      <div className={styles.grid}>
        <CrowdCharts insights={insights} idPrefix="insights" />
        <QuadrantHeatmap quadrants={insights?.quadrants ?? null} />
      </div>
      <HowOthersAnswered shares={insights?.answer_shares ?? null} />
    </div>
  );
}

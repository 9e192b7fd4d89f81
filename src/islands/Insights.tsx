import { useDeferredValue } from 'react';
import { useStore } from '../stores/use-store.ts';
import { $insights, $lastSeenInsights } from '../stores/insights.ts';
import { DATA_STATUS, insightsLastSeen } from './data-status.ts';
import { CrowdCharts } from './insights/CrowdCharts.tsx';
import { HowOthersAnswered } from './insights/HowOthersAnswered.tsx';
import { QuadrantHeatmap } from './insights/QuadrantHeatmap.tsx';
import { plural } from './insights/format.ts';
import styles from './insights/insights.module.css';

/** The public /insights page: aggregates of everyone, never a name. The store fetches them once read. */
export default function Insights() {
  // The aggregates of thousands of respondents are hundreds of elements: a
  // deferred render builds them in slices the page can answer input between.
  const state = useDeferredValue(useStore($insights));
  // Offline, the figures this browser last received, with their date.
  const lastSeen = useStore($lastSeenInsights);
  const insights = state.status === 'ready' ? state.data : state.status === 'failed' ? (lastSeen?.data ?? null) : null;
  const missing = insights || state.status === 'ready' ? '' : DATA_STATUS.insights[state.status];

  return (
    <div className={styles.page} aria-busy={state.status === 'loading'}>
      {insights && <p className={styles.count}>{`Based on ${plural(insights.count, 'respondent', 'respondents')}.`}</p>}
      {state.status === 'failed' && (
        <p className={styles.caption} role="alert">
          {lastSeen ? insightsLastSeen(new Date(lastSeen.seenAt)) : DATA_STATUS.insightsFailed}
        </p>
      )}
      <div className={styles.grid}>
        <CrowdCharts insights={insights} missing={missing} idPrefix="insights" />
        <QuadrantHeatmap quadrants={insights?.quadrants ?? null} />
      </div>
      <HowOthersAnswered shares={insights?.answer_shares ?? null} missing={missing} />
    </div>
  );
}

import { useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { useStore } from '../stores/use-store.ts';
import type { HiddenPageInsights } from '../lib/api.ts';
import { $pickedRespondent, $search, $hiddenPage, pickRespondent, resumeUnlock } from '../stores/hidden-page.ts';
import { DATA_STATUS } from './data-status.ts';
import { CrowdCharts } from './insights/CrowdCharts.tsx';
import { CsvDownload } from './insights/CsvDownload.tsx';
import { NameSearch } from './insights/NameSearch.tsx';
import { PasswordGate } from './insights/PasswordGate.tsx';
import { PickedName } from './insights/PickedName.tsx';
import { plural } from './insights/format.ts';
import styles from './insights/insights.module.css';

function UnlockedView({ insights }: { insights: HiddenPageInsights | null }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The highlight of a search redraws thousands of dots: it renders deferred, behind any input.
  const search = useDeferredValue(useStore($search));
  const picked = useStore($pickedRespondent);
  useEffect(() => heading.current?.focus(), []);

  const matches = useMemo(() => (search ? search.result.matches.map((m) => m.raw) : []), [search]);
  const extras = useMemo(
    () =>
      insights && {
        scatter: <PickedName chart="scatter" from={$pickedRespondent} />,
        relative: (
          <>
            <PickedName chart="relative" from={$pickedRespondent} />
            <NameSearch />
          </>
        ),
      },
    [insights],
  );

  return (
    <div className={styles.page}>
      <h1 ref={heading} tabIndex={-1}>
        Welcome to Secret Insights
      </h1>
      {insights && <p className={styles.count}>{`Based on ${plural(insights.count, 'respondent', 'respondents')}.`}</p>}
      {insights && <CsvDownload />}
      <div className={styles.grid}>
        <CrowdCharts
          insights={insights}
          missing={DATA_STATUS.insights.empty}
          idPrefix="hehe"
          highlightedRaw={matches}
          onPick={pickRespondent}
          picked={picked}
          extras={extras ?? undefined}
        />
      </div>
    </div>
  );
}

/** The hidden /hehe page: locked until the database accepts the password. */
export default function HiddenPage() {
  // As on /insights: the unlocked page's thousands of points render in slices.
  const state = useDeferredValue(useStore($hiddenPage));
  // A browser that unlocked before comes back with its key, not the password.
  useEffect(() => void resumeUnlock(), []);
  if (state.status === 'ready') return <UnlockedView insights={state.data} />;
  if (state.status === 'empty') return <UnlockedView insights={null} />;
  return <PasswordGate checking={state.status === 'loading'} failed={state.status === 'failed'} />;
}

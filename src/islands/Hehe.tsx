import { useEffect, useMemo, useRef } from 'react';
import { useStore } from '@nanostores/react';
import type { PickedDot } from '../charts/insights/scatter.ts';
import type { SecretInsights } from '../lib/api.ts';
import { $search, $secret, pickRespondent } from '../stores/secret-insights.ts';
import { CrowdCharts } from './insights/CrowdCharts.tsx';
import { NameSearch } from './insights/NameSearch.tsx';
import { PasswordGate } from './insights/PasswordGate.tsx';
import { PickedName } from './insights/PickedName.tsx';
import { plural } from './insights/format.ts';
import styles from './insights/insights.module.css';

const pickOnScatter = (dot: PickedDot) => pickRespondent('scatter', dot);
const pickOnRelative = (dot: PickedDot) => pickRespondent('relative', dot);

function SecretView({ insights }: { insights: SecretInsights | null }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const search = useStore($search);
  useEffect(() => heading.current?.focus(), []);

  const matches = useMemo(() => (search ? search.result.matches.map((m) => m.raw) : []), [search]);

  return (
    <div className={styles.page}>
      <h1 ref={heading} tabIndex={-1}>
        Welcome to Secret Insights
      </h1>
      {insights && <p className={styles.count}>{`Based on ${plural(insights.count, 'respondent', 'respondents')}.`}</p>}
      <div className={styles.grid}>
        <CrowdCharts
          insights={insights}
          idPrefix="hehe"
          highlightedRaw={matches}
          onPickScatter={pickOnScatter}
          onPickRelative={pickOnRelative}
          scatterExtra={insights && <PickedName chart="scatter" />}
          relativeExtra={
            insights && (
              <>
                <PickedName chart="relative" />
                <NameSearch />
              </>
            )
          }
        />
      </div>
    </div>
  );
}

/** The hidden /hehe page: locked until the database accepts the password. */
export default function Hehe() {
  const state = useStore($secret);
  if (state.status !== 'unlocked') return <PasswordGate checking={state.status === 'checking'} />;
  return <SecretView insights={state.insights} />;
}

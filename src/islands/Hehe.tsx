import { useEffect, useMemo, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { positionsOf, relativePositionsOf } from '../core/points.ts';
import type { PickedDot } from '../charts/insights/scatter.ts';
import type { SecretInsights } from '../lib/api.ts';
import { $search, $secret, pickRespondent } from '../stores/secret-insights.ts';
import { AveragePie } from './insights/AveragePie.tsx';
import { NameSearch } from './insights/NameSearch.tsx';
import { PasswordGate } from './insights/PasswordGate.tsx';
import { PickedName } from './insights/PickedName.tsx';
import { RespondentScatter } from './insights/RespondentScatter.tsx';
import { plural } from './insights/format.ts';
import { RELATIVE_INTRO, SCATTER_INTRO } from './insights/texts.ts';
import styles from './insights/insights.module.css';

const pickOnScatter = (dot: PickedDot) => pickRespondent('scatter', dot);
const pickOnRelative = (dot: PickedDot) => pickRespondent('relative', dot);

function SecretView({ insights }: { insights: SecretInsights | null }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const search = useStore($search);
  useEffect(() => heading.current?.focus(), []);

  const range = useMemo(() => (insights?.min && insights.max ? { min: insights.min, max: insights.max } : null), [insights]);
  const positions = useMemo(() => (insights ? positionsOf(insights.points.raw) : []), [insights]);
  const relative = useMemo(
    () => (insights && range ? relativePositionsOf(insights.points.raw, range) : []),
    [insights, range],
  );
  const highlighted = useMemo(
    () => (search && range ? relativePositionsOf(search.result.matches.map((m) => m.raw), range) : []),
    [search, range],
  );

  return (
    <div className={styles.page}>
      <h1 ref={heading} tabIndex={-1}>
        Welcome to Secret Insights
      </h1>
      {insights && <p className={styles.caption}>{`Based on ${plural(insights.count, 'respondent', 'respondents')}.`}</p>}
      <div className={styles.grid}>
        <AveragePie mean={insights?.mean ?? null} idPrefix="hehe" />
        <RespondentScatter
          chart="scatter"
          title="All respondents"
          intro={SCATTER_INTRO}
          points={insights?.points ?? null}
          positions={positions}
          onPick={pickOnScatter}
          idPrefix="hehe"
        >
          {insights && <PickedName chart="scatter" />}
        </RespondentScatter>
        <RespondentScatter
          chart="relative"
          title="Relative to the range"
          intro={RELATIVE_INTRO}
          points={insights?.points ?? null}
          positions={relative}
          highlighted={highlighted}
          onPick={pickOnRelative}
          idPrefix="hehe"
        >
          {insights && (
            <>
              <PickedName chart="relative" />
              <NameSearch />
            </>
          )}
        </RespondentScatter>
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

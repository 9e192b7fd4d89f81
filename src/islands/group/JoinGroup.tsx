import { useMemo } from 'react';
import { memberLink } from '../../lib/group-links.ts';
import { $groupInfo, $joining, joinableResults, joinWithKeptResult } from '../../stores/groups.ts';
import { keepNextQuizGroup } from '../../lib/waiting-joins.ts';
import { useStore } from '../../stores/use-store.ts';
import { formatPercent, resultShares } from '../../core/scoring.ts';
import { totalsOf } from '../../core/totals.ts';
import { VALUES, VALUE_LABELS } from '../../core/values.ts';

/** A join link: the group's name, and a result kept in this browser to add to it. */
export function JoinGroup({ code }: { code: string }) {
  const info = useStore($groupInfo);
  const joining = useStore($joining);
  const kept = useMemo(() => joinableResults(), []);
  if (info.status === 'loading' || info.status === 'idle') return <p aria-live="polite">Opening the group…</p>;
  if (info.status !== 'ready' || !info.data.found) {
    return (
      <section>
        <h1>Map a group</h1>
        <p role="alert">
          {info.status === 'failed'
            ? 'The site did not answer. Try again in a moment.'
            : 'This link names no group: it may be mistyped, or the group was deleted.'}
        </p>
      </section>
    );
  }
  const group = info.data;
  if (joining.status === 'joined') {
    return (
      <section>
        <h1>{group.name}</h1>
        <p>You joined {group.name}.</p>
        <p>
          <a href={memberLink(window.location.origin, joining.memberKey)}>See the group&rsquo;s map</a>
        </p>
      </section>
    );
  }
  return (
    <section data-testid="join-group">
      <h1>You&rsquo;re mapping with {group.name}</h1>
      {!group.open && <p role="alert">The group is closed to new members for now.</p>}
      {group.open && (
        <>
          <p>
            Add a result this browser keeps to the group: its members and owner will see its name and its dot. Or take
            the quiz for the group: your result joins it once it is saved.
          </p>
          <p>
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => {
                keepNextQuizGroup({ code, name: group.name });
                window.location.assign('/');
              }}
            >
              Take the quiz for this group
            </button>
          </p>
          {kept.length === 0 ? (
            <p>This browser keeps no result yet.</p>
          ) : (
            <ul>
              {[...kept].reverse().map((r) => {
                const shares = resultShares(totalsOf(r.answers));
                return (
                  <li key={r.id}>
                    {r.date.toLocaleDateString()}:{' '}
                    {VALUES.map((v) => `${VALUE_LABELS[v]} ${formatPercent(shares[v])}`).join(', ')}{' '}
                    <button
                      type="button"
                      className="btn"
                      disabled={joining.status === 'joining'}
                      onClick={() => void joinWithKeptResult(code, r)}
                    >
                      Add this result
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          {joining.status === 'refused' && <p role="alert">{joining.message}</p>}
        </>
      )}
    </section>
  );
}

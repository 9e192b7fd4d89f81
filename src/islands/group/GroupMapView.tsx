import { memo, useDeferredValue, useMemo, useState } from 'react';
import type { Insights } from '../../lib/api.ts';
import { $groupCrowd, $pickedMember, pickMember } from '../../stores/group-chart.ts';
import { CrowdCharts } from '../insights/CrowdCharts.tsx';
import { PickedName } from '../insights/PickedName.tsx';
import { QuadrantHeatmap } from '../insights/QuadrantHeatmap.tsx';
import insightsStyles from '../insights/insights.module.css';
import { closestAndFarthest, groupAverage, memberName, memberShares, type GroupMember } from '../../core/groups.ts';
import { formatPercent } from '../../core/scoring.ts';
import { VALUES, VALUE_LABELS, type ValueScores } from '../../core/values.ts';
import {
  $everyone,
  $groupMap,
  $groupNote,
  deleteOwnGroup,
  downloadGroupCsv,
  leaveOwnGroup,
  reloadGroupMap,
  removeMember,
  renameOwnGroup,
  setOwnGroupOpen,
} from '../../stores/groups.ts';
import { useStore } from '../../stores/use-store.ts';

function percents(shares: ValueScores | null) {
  return VALUES.map((v) => <td key={v}>{shares ? formatPercent(shares[v]) : '–'}</td>);
}

/**
 * The members on /hehe's charts. Its own component, the only one that
 * reads the picked dot: a pick redraws the name under the plot, not the
 * table of up to 1,000 members.
 */
function GroupCharts() {
  const crowd = useStore($groupCrowd);
  const picked = useStore($pickedMember);
  // The crowd charts of /insights and /hehe, fed the members: no answer shares, no published batch.
  const charted = useMemo<Insights | null>(() => crowd && { ...crowd, answer_shares: [], batch: null }, [crowd]);
  const extras = useMemo(
    () => ({
      scatter: <PickedName chart="scatter" from={$pickedMember} />,
      relative: <PickedName chart="relative" from={$pickedMember} />,
    }),
    [],
  );
  return (
    <div className={insightsStyles.grid}>
      <CrowdCharts
        insights={charted}
        missing="The group has no member yet."
        idPrefix="group"
        onPick={pickMember}
        picked={picked}
        extras={extras}
      />
      <QuadrantHeatmap quadrants={charted?.quadrants ?? null} />
    </div>
  );
}

/** The members' rows, rendered again only when the rows shown change (a search renders them deferred). */
const MembersTable = memo(function MembersTable({
  members,
  you,
  role,
}: {
  members: readonly GroupMember[];
  you: number | null;
  role: 'owner' | 'member';
}) {
  return (
    <table data-testid="group-members">
      <thead>
        <tr>
          <th scope="col">Name</th>
          {VALUES.map((v) => (
            <th scope="col" key={v}>
              {VALUE_LABELS[v]}
            </th>
          ))}
          {role === 'owner' && <th scope="col">Manage</th>}
        </tr>
      </thead>
      <tbody>
        {members.map((m) => (
          <tr key={m.id}>
            <th scope="row">
              {memberName(m)}
              {m.id === you ? ' (you)' : ''}
            </th>
            {percents(memberShares(m))}
            {role === 'owner' && (
              <td>
                <button type="button" className="btn" onClick={() => void removeMember(m.id, memberName(m))}>
                  Remove {memberName(m)}
                </button>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
});

/** A group's map for its owner or a member: the members with their four percentages, the averages, and the owner's tools. */
export function GroupMapView({ role }: { role: 'owner' | 'member' }) {
  const state = useStore($groupMap);
  const everyone = useStore($everyone);
  const note = useStore($groupNote);
  const [query, setQuery] = useState('');
  const [newName, setNewName] = useState('');
  // The field shows each key at once; the rows it picks follow, behind any input.
  const needle = useDeferredValue(query).trim().toLowerCase();
  const members = state.status === 'ready' && state.data.found ? state.data.members : null;
  const shown = useMemo(
    () => (members && needle ? members.filter((m) => memberName(m).toLowerCase().includes(needle)) : members),
    [members, needle],
  );
  if (state.status === 'loading' || state.status === 'idle') return <p aria-live="polite">Reading the group…</p>;
  if (state.status !== 'ready' || !state.data.found) {
    return (
      <section>
        <h1>Map a group</h1>
        <p role="alert">
          {state.status === 'failed'
            ? 'The site did not answer. Try again in a moment.'
            : role === 'owner'
              ? 'This owner link opens no group: the group was deleted, or the link is mistyped.'
              : 'This group is no longer open to you: you left or were removed, or the group was deleted.'}
        </p>
        {note && <p aria-live="polite">{note}</p>}
        <p>
          <a href="/group">Map a group</a>
        </p>
      </section>
    );
  }
  const map = state.data;
  const pair = closestAndFarthest(map.members, map.you);
  return (
    <section data-testid="group-map">
      <h1>{map.name}</h1>
      <p>
        {map.members.length === 1 ? '1 member' : `${map.members.length} members`}
        {map.open ? '' : ' · closed to new members'} · read at {new Date(map.read_at).toLocaleTimeString()}{' '}
        <button type="button" className="btn" onClick={reloadGroupMap}>
          Read again
        </button>
      </p>
      <h2>Averages</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Who</th>
            {VALUES.map((v) => (
              <th scope="col" key={v}>
                {VALUE_LABELS[v]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">This group</th>
            {percents(groupAverage(map.members))}
          </tr>
          <tr>
            <th scope="row">Everyone</th>
            {percents(everyone)}
          </tr>
        </tbody>
      </table>
      <h2>The group&rsquo;s map</h2>
      <GroupCharts />
      {pair && (
        <p data-testid="closest-farthest">
          Closest to you: {memberName(pair.closest)}. Farthest from you: {memberName(pair.farthest)}.
        </p>
      )}
      <h2>Members</h2>
      <p>
        <label htmlFor="member-search">Find a name</label>{' '}
        <input id="member-search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
      </p>
      <MembersTable members={shown ?? []} you={map.you} role={role} />
      <p aria-live="polite" data-testid="group-note">
        {note}
      </p>
      {role === 'member' ? (
        <p>
          <button type="button" className="btn" onClick={() => void leaveOwnGroup()}>
            Leave the group
          </button>{' '}
          Your result stays counted for everyone. To take it back altogether, use &ldquo;Remove my answers&rdquo; on the
          results screen: it also leaves every group.
        </p>
      ) : (
        <div>
          <h2>Manage</h2>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void renameOwnGroup(newName);
            }}
          >
            <label htmlFor="group-rename">New name</label>{' '}
            <input id="group-rename" type="text" value={newName} onChange={(e) => setNewName(e.target.value)} />{' '}
            <button type="submit" className="btn">
              Rename
            </button>
          </form>
          <p>
            <button type="button" className="btn" onClick={() => void setOwnGroupOpen(!map.open)}>
              {map.open ? 'Close to new members' : 'Reopen to new members'}
            </button>{' '}
            <button type="button" className="btn" onClick={() => void downloadGroupCsv()}>
              Download CSV
            </button>{' '}
            <button type="button" className="btn" onClick={() => void deleteOwnGroup()}>
              Delete the group
            </button>
          </p>
          <p>Deleting removes the group, its name and its memberships; the results stay counted for everyone.</p>
        </div>
      )}
    </section>
  );
}

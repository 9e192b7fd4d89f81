import { useState } from 'react';
import { GROUP_NAME_MAX_LENGTH } from '../../core/groups.ts';
import { joinLink, memberLink, ownerLink } from '../../lib/group-links.ts';
import { $created, $keptGroups, startGroup } from '../../stores/groups.ts';
import { useStore } from '../../stores/use-store.ts';
import { CopyLink } from './CopyLink.tsx';

/** "Map a group": a name, then the join link and the owner link; and the groups this browser keeps. */
export function StartGroup() {
  const created = useStore($created);
  const kept = useStore($keptGroups);
  const [name, setName] = useState('');
  const origin = window.location.origin;
  return (
    <section>
      <h1>Map a group</h1>
      {created.status === 'created' ? (
        <div data-testid="group-created">
          <p>
            <strong>{created.name}</strong> is ready.
          </p>
          <CopyLink
            testId="join-link"
            label="Join link"
            link={joinLink(origin, created.joinCode)}
            about="Hand this link to your members: it opens the group, where each adds a result to the group's map."
          />
          <CopyLink
            testId="owner-link"
            label="Owner link"
            link={ownerLink(origin, created.ownerKey)}
            about="This link lets whoever holds it manage the group: rename it, close it, remove members, delete it. It is shown once: keep it to yourself."
          />
          <p>
            <a href={ownerLink(origin, created.ownerKey)}>Open the group&rsquo;s map</a>
          </p>
        </div>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void startGroup(name);
          }}
        >
          <p>A class, a book club, a writers&rsquo; room: start a map of your own. No account, just two links.</p>
          <label htmlFor="group-name">Group name</label>{' '}
          <input
            id="group-name"
            type="text"
            maxLength={GROUP_NAME_MAX_LENGTH}
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoComplete="off"
          />{' '}
          <button type="submit" className="btn" disabled={created.status === 'creating'}>
            Start the group
          </button>
          {created.status === 'refused' && <p role="alert">{created.message}</p>}
        </form>
      )}
      {kept.length > 0 && (
        <div data-testid="your-groups">
          <h2>Your groups</h2>
          <p>This browser remembers them; clearing this site&rsquo;s data in the browser forgets them.</p>
          <ul>
            {kept.map((g) => (
              <li key={g.key}>
                <a href={g.role === 'owner' ? ownerLink(origin, g.key) : memberLink(origin, g.key)}>{g.name}</a> (
                {g.role === 'owner' ? 'yours to manage' : 'member'})
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

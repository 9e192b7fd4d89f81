import { useEffect } from 'react';
import { $groupScreen, openGroupPage } from '../stores/groups.ts';
import { useStore } from '../stores/use-store.ts';
import { GroupMapView } from './group/GroupMapView.tsx';
import { JoinGroup } from './group/JoinGroup.tsx';
import { StartGroup } from './group/StartGroup.tsx';

/** /group: starting a group, joining one, or a group's map, as the address asks. */
export default function GroupPage() {
  const screen = useStore($groupScreen);
  useEffect(() => {
    const open = () => openGroupPage(window.location);
    open();
    window.addEventListener('hashchange', open);
    return () => window.removeEventListener('hashchange', open);
  }, []);
  if (screen.kind === 'join') return <JoinGroup code={screen.code} />;
  if (screen.kind === 'map') return <GroupMapView role={screen.role} />;
  if (screen.kind === 'broken') {
    return (
      <section>
        <h1>Map a group</h1>
        <p role="alert">This group link is damaged: part of it is missing or mistyped. Ask for the link again.</p>
      </section>
    );
  }
  return <StartGroup />;
}

import { memberLink } from '../../lib/group-links.ts';
import { useStore } from '../../stores/use-store.ts';
import { $joinAfterQuiz } from '../../stores/group-join.ts';
import { $progress } from '../../stores/progress.ts';
import textLines from './text-lines.module.css';

/** A quiz taken for a group: whether its result has joined, in one live line, with the way to the group's map. */
export default function GroupJoinStatus() {
  const stored = useStore($joinAfterQuiz);
  const { submissionId } = useStore($progress);
  // Only the result on screen's own join: another quiz since says nothing of a group.
  const join = stored.status !== 'none' && stored.submissionId === submissionId ? stored : null;
  if (!join) return <p className={textLines.status} role="status" data-group-join="none" />;
  return (
    <p className={textLines.status} role="status" data-group-join={join.status}>
      {join.status === 'waiting' && `Your result joins ${join.name} once it is saved.`}
      {join.status === 'joined' && (
        <>
          Your result joined {join.name}.{' '}
          <a href={memberLink(window.location.origin, join.memberKey)}>See the group&rsquo;s map</a>
        </>
      )}
      {join.status === 'refused' && `Your result could not join ${join.name}: ${join.message}`}
    </p>
  );
}

import { useStore } from '@nanostores/react';
import { $removableResult, $removals, askToRemove, cancelRemoval, confirmRemoval } from '../../stores/removal.ts';
import { REMOVE_MY_ANSWERS, removalMessage } from './removal-texts.ts';
import textLines from './text-lines.module.css';

interface Props {
  /** The result to take back. */
  id: string;
  /** How the messages name it. */
  what: string;
  /** The button's text before the confirmation. */
  label: string;
}

/** One result's removal from the site: a button, a confirmation, then the outcome. */
export function RemoveResult({ id, what, label }: Props) {
  const removal = useStore($removals, { keys: [id] })[id];
  if (!removal) {
    return (
      <button type="button" className="link-button" onClick={() => askToRemove(id)}>
        {label}
      </button>
    );
  }
  if (removal.phase === 'confirming') {
    return (
      <span role="group" aria-label="Confirm the removal">
        <span className={textLines.status}>
          {what} will be deleted from the site for good, and every figure will stop counting them. This cannot be
          undone.
        </span>{' '}
        <button type="button" className="btn" onClick={() => void confirmRemoval(id)}>
          Yes, remove from the site
        </button>{' '}
        <button type="button" className="link-button" onClick={() => cancelRemoval(id)}>
          Cancel
        </button>
      </span>
    );
  }
  return (
    <span className={textLines.status} role="status">
      {removalMessage(removal.phase, what)}
    </span>
  );
}

/** The results screen's "Remove my answers from the site", for the visitor's own saved result. */
export default function RemoveAnswers() {
  const id = useStore($removableResult);
  if (!id) return null;
  return (
    <p className={textLines.caption}>
      <RemoveResult id={id} what="Your answers" label={REMOVE_MY_ANSWERS} />
    </p>
  );
}

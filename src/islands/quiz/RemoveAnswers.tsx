import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef } from 'react';
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

/**
 * One result's removal from the site: a button, a confirmation, then the
 * outcome. Focus follows each step (into the confirmation, back to the
 * button on Cancel, onto the outcome), and the outcome is spoken from a live
 * region that is there from the start.
 */
export function RemoveResult({ id, what, label }: Props) {
  const removal = useStore($removals, { keys: [id] })[id];
  const warning = useId();
  const ask = useRef<HTMLButtonElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  const outcome = useRef<HTMLSpanElement>(null);
  const phase = removal?.phase;
  const moved = useRef(false);

  useEffect(() => {
    // Only after the visitor acted here: a removal told on first render takes no focus.
    if (!moved.current) return;
    if (phase === 'confirming') confirm.current?.focus();
    else if (phase === undefined) ask.current?.focus();
    else outcome.current?.focus();
  }, [phase]);

  const act = (action: () => void) => () => {
    moved.current = true;
    action();
  };

  return (
    <>
      {!removal && (
        <button ref={ask} type="button" className="link-button" onClick={act(() => askToRemove(id))}>
          {label}
        </button>
      )}
      {removal?.phase === 'confirming' && (
        <span role="group" aria-label="Confirm the removal" aria-describedby={warning}>
          <span id={warning} className={textLines.status}>
            {what} will be deleted from the site for good and left out of every figure. This cannot be undone.
          </span>{' '}
          <button ref={confirm} type="button" className="btn" onClick={act(() => void confirmRemoval(id))}>
            Yes, remove from the site
          </button>{' '}
          <button type="button" className="link-button" onClick={act(() => cancelRemoval(id))}>
            Cancel
          </button>
        </span>
      )}
      <span ref={outcome} className={textLines.status} role="status" tabIndex={-1}>
        {removal && removal.phase !== 'confirming' ? removalMessage(removal.phase, what) : ''}
      </span>
    </>
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

import { useStore } from '../../stores/use-store.ts';
import { useEffect, useId, useRef } from 'react';
import {
  $withdrawableResult,
  $withdrawals,
  askToWithdraw,
  cancelWithdrawal,
  confirmWithdrawal,
} from '../../stores/withdrawal.ts';
import { WITHDRAW_MY_ANSWERS, withdrawalMessage } from './withdrawal-texts.ts';
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
 * One result's withdrawal from the site: a button, a confirmation, then the
 * outcome. Focus follows each step (into the confirmation, back to the
 * button on Cancel, onto the outcome), and the outcome is spoken from a live
 * region that is there from the start.
 */
export function WithdrawResult({ id, what, label }: Props) {
  const withdrawal = useStore($withdrawals)[id];
  const warning = useId();
  const ask = useRef<HTMLButtonElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  const outcome = useRef<HTMLSpanElement>(null);
  const phase = withdrawal?.phase;
  const moved = useRef(false);

  useEffect(() => {
    // Only after the visitor acted here: a withdrawal told on first render takes no focus.
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
      {!withdrawal && (
        <button ref={ask} type="button" className="link-button" onClick={act(() => askToWithdraw(id))}>
          {label}
        </button>
      )}
      {withdrawal?.phase === 'confirming' && (
        <span role="group" aria-label="Confirm the removal" aria-describedby={warning}>
          <span id={warning} className={textLines.status}>
            {what} will be deleted from the site for good and left out of every figure. This cannot be undone.
          </span>{' '}
          <button ref={confirm} type="button" className="btn" onClick={act(() => void confirmWithdrawal(id))}>
            Yes, remove from the site
          </button>{' '}
          <button type="button" className="link-button" onClick={act(() => cancelWithdrawal(id))}>
            Cancel
          </button>
        </span>
      )}
      <span ref={outcome} className={textLines.status} role="status" tabIndex={-1}>
        {withdrawal && withdrawal.phase !== 'confirming' ? withdrawalMessage(withdrawal.phase, what) : ''}
      </span>
    </>
  );
}

/** The results screen's "Remove my answers from the site", for the visitor's own saved result. */
export default function WithdrawAnswers() {
  const id = useStore($withdrawableResult);
  if (!id) return null;
  return (
    <p className={textLines.caption}>
      <WithdrawResult id={id} what="Your answers" label={WITHDRAW_MY_ANSWERS} />
    </p>
  );
}

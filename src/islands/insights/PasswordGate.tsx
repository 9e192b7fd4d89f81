import { useState, type SubmitEvent } from 'react';
import { unlock } from '../../stores/hidden-page.ts';
import { DATA_STATUS } from '../data-status.ts';
import styles from './insights.module.css';

export const INCORRECT_PASSWORD = 'Incorrect password.';

/**
 * The locked hidden page: one password field; Enter or Unlock submits. The
 * field is read when the form is sent, so a password typed (and sent) before
 * the island hydrated counts: the page's early-taps script holds the
 * submission until then. Were scripts off altogether, the form posts, which
 * keeps the password out of the address.
 */
export function PasswordGate({ checking, failed }: { checking: boolean; failed: boolean }) {
  const [refused, setRefused] = useState<{ why: 'incorrect' | 'throttled'; attempt: number } | null>(null);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const field = event.currentTarget.elements.namedItem('password');
    const outcome = await unlock(field instanceof HTMLInputElement ? field.value : '');
    setRefused((last) =>
      outcome === 'incorrect' || outcome === 'throttled' ? { why: outcome, attempt: (last?.attempt ?? 0) + 1 } : null,
    );
  }

  const message =
    refused?.why === 'incorrect'
      ? INCORRECT_PASSWORD
      : refused?.why === 'throttled'
        ? DATA_STATUS.unlock.throttled
        : failed
          ? DATA_STATUS.unlock.failed
          : null;

  return (
    <>
      {/* The page's title for whoever navigates by headings; the prompt below says the rest. */}
      <h1 className="visually-hidden">Secret Insights</h1>
      <form className={styles.gate} method="post" onSubmit={submit}>
        <label htmlFor="hehe-password">Enter password to unclasp a secret book.</label>
        <div className={styles.form}>
          <input
            id="hehe-password"
            name="password"
            className={styles.input}
            type="password"
            autoComplete="current-password"
            placeholder="Enter secret password"
            required
            aria-invalid={refused?.why === 'incorrect' ? true : undefined}
            aria-describedby={message ? 'hehe-password-message' : undefined}
          />
          <button type="submit" className="btn btn--primary" disabled={checking}>
            Unlock
          </button>
        </div>
        {/* Beside the field, said at once; each refusal anew (the key), even when the words are the same. */}
        {message && (
          <p key={refused?.attempt ?? 0} id="hehe-password-message" className={styles.alert} role="alert">
            {message}
          </p>
        )}
      </form>
    </>
  );
}

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
  const [throttled, setThrottled] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const field = event.currentTarget.elements.namedItem('password');
    const outcome = await unlock(field instanceof HTMLInputElement ? field.value : '');
    setThrottled(outcome === 'throttled');
    if (outcome === 'incorrect') window.alert(INCORRECT_PASSWORD);
  }

  return (
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
        />
        <button type="submit" className="btn btn--primary" disabled={checking}>
          Unlock
        </button>
      </div>
      {(failed || throttled) && (
        <p role="alert">{throttled ? DATA_STATUS.unlock.throttled : DATA_STATUS.unlock.failed}</p>
      )}
    </form>
  );
}

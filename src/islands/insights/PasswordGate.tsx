import { useEffect, useState, type SubmitEvent } from 'react';
import { unlock } from '../../stores/secret-insights.ts';
import { DATA_STATUS } from '../data-status.ts';
import styles from './insights.module.css';

export const INCORRECT_PASSWORD = 'Incorrect password.';

/** The locked hidden page: one password field; Enter or Unlock submits. */
export function PasswordGate({ checking, failed }: { checking: boolean; failed: boolean }) {
  const [password, setPassword] = useState('');
  const [throttled, setThrottled] = useState(false);
  // Until the island runs, the browser would submit the form itself and put
  // the field in the address; a disabled button blocks that, Enter included.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const outcome = await unlock(password);
    setThrottled(outcome === 'throttled');
    if (outcome === 'incorrect') window.alert(INCORRECT_PASSWORD);
  }

  return (
    <form className={styles.gate} onSubmit={submit}>
      <label htmlFor="hehe-password">Enter password to unclasp a secret book.</label>
      <div className={styles.form}>
        <input
          id="hehe-password"
          className={styles.input}
          type="password"
          autoComplete="current-password"
          placeholder="Enter secret password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        <button type="submit" className="btn btn--primary" disabled={!ready || checking}>
          Unlock
        </button>
      </div>
      {(failed || throttled) && (
        <p role="alert">{throttled ? DATA_STATUS.unlock.throttled : DATA_STATUS.unlock.failed}</p>
      )}
    </form>
  );
}

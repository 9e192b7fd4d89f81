import type { SubmitEvent } from 'react';
import { NAME_MAX_LENGTH } from '../../core/progress.ts';
import { submitName } from '../../stores/quiz.ts';
import styles from './quiz.module.css';

export default function NameScreen() {
  // The field is read when the form is sent, not kept in state: what was
  // typed before the island hydrated (or into the page's early copy of this
  // screen) is what counts.
  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const field = event.currentTarget.elements.namedItem('name');
    submitName(field instanceof HTMLInputElement ? field.value : '');
  }

  return (
    <section className={styles.screen} aria-labelledby="quiz-name-label">
      <form className={styles.nameForm} onSubmit={onSubmit}>
        <h1 className={styles.prompt}>
          <label id="quiz-name-label" htmlFor="quiz-name">
            Your name
          </label>
        </h1>
        <input
          id="quiz-name"
          name="name"
          className={styles.nameInput}
          type="text"
          placeholder="What's your name?"
          autoComplete="name"
          maxLength={NAME_MAX_LENGTH}
          aria-describedby="quiz-name-note"
          data-autofocus="name"
        />
        <p id="quiz-name-note" className={styles.note}>
          You may leave the name blank to stay anonymous. It is not connected to your specific answers. At most{' '}
          {NAME_MAX_LENGTH} characters.{' '}
          <a href="/privacy">
            A name you give is shown, to the holder of the hidden page&rsquo;s password, on the dot your answers place.
          </a>
        </p>
        <button type="submit" className={`btn btn--primary ${styles.start}`}>
          Continue
        </button>
      </form>
    </section>
  );
}

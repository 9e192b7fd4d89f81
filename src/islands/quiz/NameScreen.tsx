import { useState, type FormEvent } from 'react';
import { NAME_MAX_LENGTH } from '../../core/progress.ts';
import { submitName } from '../../stores/quiz.ts';
import styles from './quiz.module.css';

export default function NameScreen() {
  const [name, setName] = useState('');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submitName(name);
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
          className={styles.nameInput}
          type="text"
          placeholder="What's your name?"
          autoComplete="off"
          maxLength={NAME_MAX_LENGTH}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          aria-describedby="quiz-name-note"
          data-autofocus
        />
        <p id="quiz-name-note" className={styles.note}>
          You may leave the name blank to stay anonymous. It is not connected to your specific answers.
        </p>
        <button type="submit" className={`btn btn--primary ${styles.start}`}>
          Continue
        </button>
      </form>
    </section>
  );
}

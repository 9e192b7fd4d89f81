import { SITE_NAME } from '../../core/site.ts';
import { startQuiz } from '../../stores/quiz.ts';
import styles from './quiz.module.css';

export default function IntroScreen() {
  return (
    <section className={`${styles.screen} ${styles.intro}`} aria-labelledby="quiz-intro-title">
      <h1 id="quiz-intro-title" className={styles.title} tabIndex={-1} data-autofocus="intro">
        Where do you stand?
      </h1>
      <p className={styles.tagline}>{SITE_NAME}</p>
      <p className={styles.lede}>Twelve questions between Love, Duty, Honor and Reason.</p>
      <button
        type="button"
        className={`btn btn--primary ${styles.start}`}
        onClick={startQuiz}
        data-early-screen="early-name-screen"
      >
        Start Quiz
      </button>
    </section>
  );
}

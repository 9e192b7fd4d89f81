import { QUESTION_COUNT } from '../../core/questions.ts';
import styles from './quiz.module.css';

/** One bubble per question: filled when answered, ringed for the current one. */
export default function ProgressBubbles({ current }: { current: number }) {
  return (
    <div className={styles.progress}>
      <ol className={styles.bubbles} aria-hidden="true">
        {Array.from({ length: QUESTION_COUNT }, (_, i) => (
          <li
            key={i}
            className={styles.bubble}
            data-state={i < current ? 'completed' : i === current ? 'current' : 'upcoming'}
          />
        ))}
      </ol>
      <p className={styles.progressText}>
        Question {current + 1} of {QUESTION_COUNT}
      </p>
    </div>
  );
}

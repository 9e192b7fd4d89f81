import { useStore } from '../../stores/use-store.ts';
import { SITE_NAME } from '../../core/site.ts';
import { onDemand, useOnDemand } from '../../speed/on-demand.ts';
import { $forGroup, $linkProblem, $returning, $wiped } from '../../stores/intro-notes.ts';
import { startQuiz } from '../../stores/quiz.ts';
import styles from './quiz.module.css';

// Loaded only when the intro has something more to say.
const introNotes = onDemand<object>(() => import('./IntroNotes.tsx'));

export default function IntroScreen() {
  const wiped = useStore($wiped);
  const problem = useStore($linkProblem);
  const returning = useStore($returning);
  const forGroup = useStore($forGroup);
  const notes = wiped !== null || problem !== null || returning || forGroup;
  const Notes = useOnDemand(introNotes, notes);
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
      <a href="/group">Map a group</a>
      {/* eslint-disable-next-line react-hooks/static-components -- a loaded module's own component, not one made in render */}
      {notes && Notes && <Notes />}
    </section>
  );
}

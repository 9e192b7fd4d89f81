import { resetAll } from '../../stores/quiz.ts';
import { takeQuizToCompare } from '../../stores/share.ts';
import styles from './NextSteps.module.css';

interface Props {
  /** The result on screen came from a link: the visitor's own answers are not in it. */
  shared: boolean;
  /** The link holds two results compared, rather than one to compare with. */
  comparison: boolean;
  /** Leaves a shared link's address before the quiz starts again. */
  leaveSharedLink: (next: () => void) => void;
}

/**
 * Where to go once the results are read: the quiz again (or, on someone
 * else's result, for the first time: a map of one's own needs one's own
 * answers), everyone's answers, the figures.
 */
export default function NextSteps({ shared, comparison, leaveSharedLink }: Props) {
  const own = !shared;
  return (
    <nav className={styles.nextSteps} aria-label="What next">
      <p data-invite={shared ? '' : undefined}>
        {own
          ? 'Answers change with the day you ask: take the quiz again to see how your map moves.'
          : 'A map of your own needs your own answers: take the quiz to place yourself beside this one.'}
      </p>
      {own ? (
        <button type="button" className="btn btn--primary" onClick={resetAll}>
          Start over
        </button>
      ) : (
        <button
          type="button"
          className="btn btn--primary"
          data-invite
          onClick={() => leaveSharedLink(comparison ? resetAll : takeQuizToCompare)}
        >
          Take the quiz
        </button>
      )}
      <a href="/insights">See how everyone answered</a>
      <a href="/group">Map a group</a>
      <a href="/figures">Meet the figures of literature</a>
    </nav>
  );
}

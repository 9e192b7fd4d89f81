import { useStore } from '../../stores/use-store.ts';
import { useMemo } from 'react';
import { leaningOf } from '../../core/map.ts';
import { takenLabels } from '../../core/trail-math.ts';
import { readTrail } from '../../lib/trail-storage.ts';
import { keepNextQuizGroup, readNextQuizGroup } from '../../lib/waiting-joins.ts';
import { $forGroup, $linkProblem, $returning, $wiped, type LinkProblem } from '../../stores/intro-notes.ts';
import { showKeptResult, startQuiz, undoReset } from '../../stores/quiz.ts';
import textLines from './text-lines.module.css';
import styles from './quiz.module.css';

/** What is wrong with a share link, in words; the quiz is offered beside it. */
const LINK_PROBLEMS: Record<LinkProblem, string> = {
  'no-result':
    'This share link has lost its answers, perhaps cut off when it was copied, so there is no result to show.',
  unreadable: 'This share link is damaged or incomplete, so there is no result to show.',
  altered:
    'This share link was changed after it was shared: its answers do not match the place on the map its address names, so no result is shown.',
};

/** The last result this browser keeps, its date in words, and how many came before it. */
function useLastResult(returning: boolean) {
  return useMemo(() => {
    if (!returning) return null;
    const trail = readTrail();
    const last = trail.at(-1);
    if (!last) return null;
    const when = takenLabels(trail, new Date()).at(-1) ?? '';
    return { last, when, earlier: trail.length - 1 };
  }, [returning]);
}

/**
 * The intro's notes, loaded only when there is one: a quiz left midway by
 * Home or Start over (undo), a broken share link (and the quiz offered), or
 * a returning visitor's last result with the way back to it.
 */
export default function IntroNotes() {
  const wiped = useStore($wiped);
  const problem = useStore($linkProblem);
  const returning = useStore($returning);
  const forGroup = useStore($forGroup);
  const mapping = useMemo(() => (forGroup ? readNextQuizGroup() : null), [forGroup]);
  const kept = useLastResult(returning);

  return (
    <>
      {mapping && (
        <p className={textLines.status} data-intro-note="group">
          You&rsquo;re mapping with {mapping.name}: your result joins the group once it is saved.{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              keepNextQuizGroup(null);
              $forGroup.set(false);
            }}
          >
            Take it for myself only
          </button>
        </p>
      )}
      {wiped && (
        <p className={textLines.status} role="status" data-intro-note="wiped">
          You left the quiz at question {wiped.answers.length + 1}; your answers were cleared.{' '}
          <button type="button" className="link-button" onClick={undoReset}>
            Undo: back to question {wiped.answers.length + 1}
          </button>
        </p>
      )}
      {problem && (
        <p className={styles.note} role="alert" data-intro-note="link">
          {LINK_PROBLEMS[problem]} You can take the quiz yourself.{' '}
          <button type="button" className="link-button" onClick={startQuiz}>
            Take the quiz
          </button>
        </p>
      )}
      {kept && !wiped && (
        <p className={styles.note} data-intro-note="returning">
          Welcome back. Your last result, {kept.when}, leaned {leaningOf(kept.last.position)}
          {kept.earlier > 0 ? `, after ${kept.earlier} earlier ${kept.earlier === 1 ? 'one' : 'ones'}` : ''}.{' '}
          <button type="button" className="btn" onClick={() => showKeptResult(kept.last)}>
            Show my last result
          </button>
        </p>
      )}
    </>
  );
}

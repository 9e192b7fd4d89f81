import { useStore } from '../../stores/use-store.ts';
import { useEffect, type CSSProperties, type MouseEvent } from 'react';
import { QUESTION_FADE_MS } from '../../core/display.ts';
import { $currentQuestion, $earlierChoice, $questionIndex, chooseAnswer, goBack } from '../../stores/quiz.ts';
// The page's title follows the steps from here on.
import '../../stores/page-title.ts';
import ProgressBubbles from './ProgressBubbles.tsx';
import styles from './quiz.module.css';
import { registerServiceWorkerWhenIdle } from '../../offline/register.ts';
import { untilLoaded } from '../../lib/network.ts';

// "/" loads this module right after its first paint, before anyone taps: the
// worker registers from here, so that "/" pays nothing for it up front.
registerServiceWorkerWhenIdle();

const fade = { '--quiz-fade': `${QUESTION_FADE_MS}ms` } as CSSProperties;

export default function QuestionScreen() {
  const question = useStore($currentQuestion);
  const index = useStore($questionIndex);
  const earlier = useStore($earlierChoice);

  // Once the quiz is under way, Chart.js is fetched at an idle moment: the results chart must not need the network.
  const underWay = index > 0;
  useEffect(() => {
    if (!underWay) return;
    // Offline, the fetch waits for the network rather than failing.
    const fetchCharts = () =>
      void untilLoaded(() => import('../../charts/chartjs.ts')).then((c) => c.prefetchChartJs());
    if (typeof requestIdleCallback === 'function') requestIdleCallback(fetchCharts, { timeout: 2000 });
    else setTimeout(fetchCharts, 200);
  }, [underWay]);

  function choose(event: MouseEvent<HTMLButtonElement>, text: string) {
    // The second click of a double click would land on the next question's answer.
    if (event.detail > 1) return;
    chooseAnswer(text);
  }

  return (
    <section className={styles.screen} aria-labelledby="quiz-question">
      <ProgressBubbles current={index} />
      <div key={question.id} className={styles.fade} style={fade}>
        <h1 id="quiz-question" className={styles.question} tabIndex={-1} data-autofocus="question">
          {question.text}
        </h1>
        <ul className={styles.answers}>
          {question.answers.map((a) => (
            <li key={a.text}>
              <button
                type="button"
                className={styles.answer}
                aria-pressed={earlier === null ? undefined : earlier === a.text}
                onClick={(e) => choose(e, a.text)}
              >
                {a.text}
              </button>
            </li>
          ))}
        </ul>
      </div>
      {index > 0 && (
        <button type="button" className={`link-button ${styles.back}`} onClick={goBack}>
          Back
        </button>
      )}
    </section>
  );
}

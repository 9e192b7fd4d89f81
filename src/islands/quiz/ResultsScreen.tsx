import { useStore } from '@nanostores/react';
import { useRef, useState } from 'react';
import { resultPosition } from '../../core/scoring.ts';
import { openOverlay } from '../../stores/chrome.ts';
import { $totals, resetAll } from '../../stores/quiz.ts';
import { $resultOrigin } from '../../stores/results.ts';
import AnswerShares from './AnswerShares.tsx';
import CompareChart from './CompareChart.tsx';
import ResultPercentages from './ResultPercentages.tsx';
import ResultScatter from './ResultScatter.tsx';
import ShareActions from './ShareActions.tsx';
import styles from './quiz.module.css';
import results from './ResultsScreen.module.css';

function takeQuizYourself() {
  resetAll();
  globalThis.history.replaceState(null, '', '/');
}

export default function ResultsScreen() {
  const totals = useStore($totals);
  const origin = useStore($resultOrigin);
  const scatter = useRef<HTMLCanvasElement>(null);
  const [scatterReady, setScatterReady] = useState(false);

  return (
    <section className={`${styles.screen} ${results.results}`} aria-labelledby="quiz-results-title">
      <h1 id="quiz-results-title" className={styles.title} tabIndex={-1} data-autofocus>
        Your Results
      </h1>
      {origin === 'shared' && (
        <p className={styles.note}>
          A result opened from a shared link.{' '}
          <button type="button" className="link-button" onClick={takeQuizYourself}>
            Take the quiz yourself
          </button>
        </p>
      )}
      <div className={results.resultGrid}>
        <ResultScatter canvasRef={scatter} position={resultPosition(totals)} onReady={() => setScatterReady(true)} />
        <div className={results.resultSide}>
          <ResultPercentages totals={totals} />
          <button type="button" className="btn" onClick={() => openOverlay('understanding')}>
            What does this mean?
          </button>
          <ShareActions canvasRef={scatter} canSaveImage={scatterReady} />
        </div>
      </div>
      <CompareChart />
      <AnswerShares />
    </section>
  );
}

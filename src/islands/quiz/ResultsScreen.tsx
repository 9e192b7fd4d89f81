import { useStore } from '../../stores/use-store.ts';
import { useMemo, useRef, useState } from 'react';
import { formatPercent, resultPosition, resultShares } from '../../core/scoring.ts';
import { takenLabels } from '../../core/trail-math.ts';
import { SITE_NAME } from '../../core/site.ts';
import { VALUES, VALUE_LABELS } from '../../core/values.ts';
import { resultImage } from '../../charts/result-image.ts';
import { totalsOf } from '../../core/totals.ts';
import { openOverlay } from '../../stores/overlays.ts';
import { takeQuizToCompare } from '../../stores/share.ts';
import { $earlierResults, $trailShown } from '../../stores/trail.ts';
import { $isTestMode, $name, $totals, resetAll } from '../../stores/quiz.ts';
import { $friend, $resultOrigin, $sharedName } from '../../stores/finished.ts';
import AnswerShares from './AnswerShares.tsx';
import CompareChart from './CompareChart.tsx';
import MapTrail from './MapTrail.tsx';
import NearestFigures from './NearestFigures.tsx';
import NextSteps from './NextSteps.tsx';
import WithdrawAnswers from './WithdrawAnswers.tsx';
import ResultPercentages from './ResultPercentages.tsx';
import ResultScatter from './ResultScatter.tsx';
import SaveStatus from './SaveStatus.tsx';
import GroupJoinStatus from './GroupJoinStatus.tsx';
import ShareActions from './ShareActions.tsx';
import SideBySide from './SideBySide.tsx';
import { usePainted } from '../../speed/use-painted.ts';
import { resultLabels, resultsTitle, sharedNote } from './result-labels.ts';
import styles from './quiz.module.css';
import results from './ResultsScreen.module.css';
// The page's title follows the steps from here on (a shared result's page starts here).
import '../../stores/page-title.ts';

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

function leaveSharedLink(next: () => void) {
  globalThis.history.replaceState(null, '', '/');
  next();
}

export default function ResultsScreen() {
  const totals = useStore($totals);
  const origin = useStore($resultOrigin);
  const sharedName = useStore($sharedName);
  const friend = useStore($friend);
  const labels = resultLabels(origin, sharedName, friend);
  const scatter = useRef<HTMLCanvasElement>(null);
  const [scatterReady, setScatterReady] = useState(false);
  const shares = useMemo(() => resultShares(totals), [totals]);
  const friendTotals = useMemo(() => (friend ? totalsOf(friend.answers) : null), [friend]);
  const position = useMemo(() => resultPosition(totals), [totals]);
  const earlier = useStore($earlierResults);
  const trailShown = useStore($trailShown);
  const trail = useMemo(() => {
    const now = new Date();
    // Earlier results are the visitor's own: beside someone else's shared map they would mislead.
    if (!trailShown || origin !== 'quiz') return [];
    const labels = takenLabels(earlier, now);
    return earlier.map((r, i) => ({ label: labels[i] ?? '', position: r.position }));
  }, [earlier, trailShown, origin]);
  const givenName = useStore($name);
  const testMode = useStore($isTestMode);
  const title = resultsTitle(origin, sharedName, labels);
  // The saved picture names whose result it is: the name given (not test mode's), or the shared one.
  const pictureName = friend
    ? null
    : origin === 'quiz'
      ? testMode || givenName === ''
        ? null
        : givenName
      : sharedName;
  const picture = (chart: HTMLCanvasElement) =>
    resultImage(chart, {
      title,
      name: pictureName,
      shares: VALUES.map((v) => [v, VALUE_LABELS[v], formatPercent(shares[v])] as const),
      date: DAY.format(new Date()),
      site: SITE_NAME,
    });
  // The tap shows the title and the percentages; what lies below them comes in the next frame.
  const rest = usePainted();

  return (
    <section className={`${styles.screen} ${results.results}`} aria-labelledby="quiz-results-title">
      <h1 id="quiz-results-title" className={styles.title} tabIndex={-1} data-autofocus="results">
        {title}
      </h1>
      {origin === 'quiz' && <SaveStatus />}
      {origin === 'quiz' && <GroupJoinStatus />}
      {origin === 'shared' && !friend && (
        <p className={styles.note} data-invite>
          {sharedNote(sharedName)}{' '}
          <button
            type="button"
            className="btn btn--primary"
            data-twin="compare"
            onClick={() => leaveSharedLink(takeQuizToCompare)}
          >
            Take the quiz and compare
          </button>
        </p>
      )}
      {origin === 'shared' && friend && (
        <p className={styles.note} data-invite>
          Two results compared, opened from a shared link.{' '}
          <button type="button" className="link-button" onClick={() => leaveSharedLink(resetAll)}>
            Take the quiz yourself
          </button>
        </p>
      )}
      <div className={results.resultGrid}>
        <ResultScatter
          canvasRef={scatter}
          own={{ label: labels.own, position }}
          friend={
            friendTotals && labels.friend ? { label: labels.friend, position: resultPosition(friendTotals) } : null
          }
          trail={trail}
          onReady={() => setScatterReady(true)}
        />
        <div className={results.resultSide}>
          {friendTotals && labels.friend ? (
            <SideBySide
              own={{ label: labels.own, shares }}
              friend={{ label: labels.friend, shares: resultShares(friendTotals) }}
            />
          ) : (
            <ResultPercentages totals={totals} label={labels.own} />
          )}
          <button type="button" className="btn" data-twin="understanding" onClick={() => openOverlay('understanding')}>
            What does this mean?
          </button>
          {rest && origin === 'quiz' && <MapTrail position={position} />}
          {rest && <ShareActions canvasRef={scatter} canSaveImage={scatterReady} picture={picture} />}
          {rest && <WithdrawAnswers />}
        </div>
      </div>
      {rest && <NearestFigures shares={shares} label={labels.own} />}
      {rest && <CompareChart label={labels.own} />}
      {rest && <AnswerShares label={labels.own} />}
      {rest && (
        <NextSteps shared={origin === 'shared'} comparison={friend !== null} leaveSharedLink={leaveSharedLink} />
      )}
    </section>
  );
}

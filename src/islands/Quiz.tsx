/**
 * The quiz on "/": one screen at a time, as the store says. Focus follows the
 * visitor from screen to screen and question to question, but is never taken
 * on page load.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { startSubmissionRetries } from '../lib/pending-submissions.ts';
import { SHARE_PARAM } from '../lib/share-link.ts';
import { $questionIndex, $screen, openSharedResult } from '../stores/quiz.ts';
import IntroScreen from './quiz/IntroScreen.tsx';
import NameScreen from './quiz/NameScreen.tsx';
import QuestionScreen from './quiz/QuestionScreen.tsx';
import ResultsScreen from './quiz/ResultsScreen.tsx';
import styles from './quiz/quiz.module.css';

function openSharedLinkFromAddress(): void {
  const code = new URLSearchParams(globalThis.location.search).get(SHARE_PARAM);
  if (code === null) return;
  // An unreadable link falls back to the intro, without the broken code in the address.
  if (!openSharedResult(code)) globalThis.history.replaceState(null, '', '/');
}

export default function Quiz() {
  const screen = useStore($screen);
  const questionIndex = useStore($questionIndex);
  const root = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);

  useEffect(() => startSubmissionRetries(), []);
  useEffect(openSharedLinkFromAddress, []);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    root.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [screen, questionIndex]);

  return (
    <div ref={root} className={styles.quiz} data-screen={screen}>
      {screen === 'intro' && <IntroScreen />}
      {screen === 'name' && <NameScreen />}
      {screen === 'question' && <QuestionScreen />}
      {screen === 'results' && <ResultsScreen />}
    </div>
  );
}

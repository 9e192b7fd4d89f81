/**
 * The quiz on "/": one screen at a time, as the store says. Focus follows the
 * visitor from screen to screen and question to question, but is never taken
 * on page load.
 */
import { useStore } from '../stores/use-store.ts';
import { useDeferredValue, useEffect, useRef, useState, type ReactNode } from 'react';
import { afterNextPaint } from '../speed/after-paint.ts';
import type { Screen } from '../core/progress.ts';
import { $questionIndex, $screen, resumeAfterHydration } from '../stores/quiz.ts';
import IntroScreen from './quiz/IntroScreen.tsx';
import NameScreen from './quiz/NameScreen.tsx';
import { onDemand, useOnDemand } from '../speed/on-demand.ts';
import { Ahead, drawnAhead } from '../speed/drawn-ahead.tsx';
import { prefetchOverlays } from './overlays-loader.ts';
import styles from './quiz/quiz.module.css';

// The question and results screens are not part of the first page load; they
// are fetched as soon as the quiz starts (the name screen gives them time), so
// that they are there even if the network is gone by the end. Once there,
// the tap that shows one draws it in its own frame (speed/on-demand.ts).
const questionScreen = onDemand<object>(() => import('./quiz/QuestionScreen.tsx'));
const resultsScreen = onDemand<object>(() => import('./quiz/ResultsScreen.tsx'));

function openSharedLinkFromAddress(): void {
  const { search, pathname } = globalThis.location;
  if (search === '' && pathname === '/') return;
  // Links and their decoder load only for an address with a query, or a shared result's page.
  import('../stores/share-address.ts')
    .then(({ openAddress }) => {
      // A link with no result to show is explained on the intro, without the broken code in the address.
      if (openAddress(search, pathname)) globalThis.history.replaceState(null, '', '/');
    })
    .catch((error: unknown) => console.error('Error opening the shared result', error));
}

/**
 * Focuses the element the shown screen autofocuses, waiting for it if the
 * screen is still loading. Each screen names itself in its data-autofocus, so
 * that a screen drawn ahead is never picked; asking the page which one has
 * boxes would lay the new screen out inside the tap.
 */
function focusWhenThere(root: HTMLElement, screen: Screen): () => void {
  const find = () => root.querySelector<HTMLElement>(`[data-autofocus="${screen}"]`);
  const found = find();
  if (found) {
    found.focus();
    return () => {};
  }
  const observer = new MutationObserver(() => {
    const el = find();
    if (!el) return;
    observer.disconnect();
    el.focus();
  });
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}

interface Props {
  /** On a shared result's page, the copy of the results screen painted from the HTML (components/SharedResultCopy.astro). */
  sharedCopy?: ReactNode;
}

export default function Quiz({ sharedCopy }: Props) {
  const screen = useStore($screen);
  const questionIndex = useStore($questionIndex);
  const root = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);
  const drawnFrom = useDeferredValue<Screen | null>(screen, null);

  useEffect(openSharedLinkFromAddress, []);
  useEffect(resumeAfterHydration, []);

  useEffect(() => {
    // The question screen is fetched as soon as the page runs, so a visitor who
    // loses the network before starting can still answer; the results screen
    // once the quiz starts, and the overlays its "What does this mean?" opens
    // once it is shown, each after the paint (a fetch started within a tap
    // delays the screen it opens: docs/speed.md). A module that cannot be fetched yet waits
    // for the network.
    const wanted = screen === 'intro' ? [questionScreen.load] : [questionScreen.load, resultsScreen.load];
    afterNextPaint(() => {
      for (const load of wanted) void load();
      if (screen === 'results') prefetchOverlays();
    });
  }, [screen]);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    return root.current ? focusWhenThere(root.current, screen) : undefined;
  }, [screen, questionIndex]);

  const name = drawnAhead(screen, drawnFrom, 'name', 'intro');
  const question = drawnAhead(screen, drawnFrom, 'question', 'name');
  const QuestionScreen = useOnDemand(questionScreen, question !== null);
  const ResultsScreen = useOnDemand(resultsScreen, screen === 'results');

  // The copy stays until the quiz draws a screen of its own, and goes in that
  // very render, so the shared result is never missing from the screen; its
  // script then hands over to the quiz (quiz/shared-copy.ts).
  const [copyKept, setCopyKept] = useState(sharedCopy !== undefined);
  if (copyKept && screen !== 'intro' && (screen !== 'results' || ResultsScreen)) setCopyKept(false);

  return (
    <div ref={root} className={styles.root} data-screen={screen}>
      {copyKept && sharedCopy}
      {screen === 'intro' && <IntroScreen />}
      {name && (
        <Ahead mode={name}>
          <NameScreen />
        </Ahead>
      )}
      {question && QuestionScreen && (
        <Ahead mode={question}>
          {/* A loaded module's own component, the same on every render: not one made in render. */}
          {/* eslint-disable-next-line react-hooks/static-components */}
          <QuestionScreen />
        </Ahead>
      )}
      {/* eslint-disable-next-line react-hooks/static-components -- a loaded module's own component, not one made in render */}
      {screen === 'results' && ResultsScreen && <ResultsScreen />}
    </div>
  );
}

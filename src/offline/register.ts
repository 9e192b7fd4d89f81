/**
 * The page's side of the service worker (src/offline/service-worker.ts):
 * registers it, and answers its question before it lets a new version take
 * over: is this page in the middle of a quiz? A page being left is not: its
 * quiz, if any, resumes in the page that replaces it.
 */
import type { Screen } from '../core/progress.ts';
import { $screen } from '../stores/quiz.ts';
import { ASK_MID_QUIZ, WORKER_PATH } from './protocol.ts';

let leaving = false;

/** The longest the registration waits for an idle moment. */
const IDLE_WAIT_MS = 1000;

/**
 * The name and the questions: the results' code has been fetched by then
 * (the quiz fetches it when it starts), so a new version may take over under them.
 */
const inQuiz = (screen: Screen) => screen === 'name' || screen === 'question';

function midQuiz(): boolean {
  return !leaving && inQuiz($screen.get());
}

function registerServiceWorker(): void {
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (event.data === ASK_MID_QUIZ) event.ports[0]?.postMessage(midQuiz());
  });
  navigator.serviceWorker.startMessages();
  // Only while a quiz is under way: a page listening for beforeunload is kept out of Firefox's back-forward cache.
  // Returns nothing: a value returned there would have some browsers ask the visitor to confirm leaving.
  const markLeaving = () => {
    leaving = true;
  };
  $screen.subscribe((screen) => {
    if (inQuiz(screen)) addEventListener('beforeunload', markLeaving);
    else removeEventListener('beforeunload', markLeaving);
  });
  addEventListener('pageshow', () => (leaving = false));
  // Without the worker (a browser that refuses it) the site works as before, online only.
  navigator.serviceWorker.register(WORKER_PATH).catch(() => {});
}

/** Registers the worker once the browser is idle (Safari, without requestIdleCallback, after a second). */
export function registerServiceWorkerWhenIdle(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (typeof requestIdleCallback === 'function') requestIdleCallback(registerServiceWorker, { timeout: IDLE_WAIT_MS });
  else setTimeout(registerServiceWorker, IDLE_WAIT_MS);
}

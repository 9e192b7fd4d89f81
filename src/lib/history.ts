/**
 * The browser's history is the quiz's history. Each step (the intro, the
 * name, each question, the results) is a history entry holding the progress
 * of that step, and the progress of the step on screen is kept in the
 * session (saved-progress.ts):
 * - a step forward pushes an entry; Back and Forward, the browser's or the
 *   on-screen one, show the entry's progress as it was, so Back undoes an
 *   answer and Forward gives it back, until a different answer is chosen
 *   (that push drops the entries ahead, as a browser does);
 * - Home and Start over push the intro, like following a link home;
 * - a reload shows its entry's progress again; a page opened afresh in the
 *   same session resumes the session's progress in that one entry, whose
 *   on-screen Back then steps back in place.
 * A step forward is written (its entry pushed, the session saved) once the
 * page is idle after the tap that made it, not within that tap: written
 * there it held back the frame that answers the tap (at 4x CPU, 4-9 ms of
 * an answer's mean from input to paint; README, "Interaction"). Until
 * then the step waits, and is written first whenever the history or the
 * session is read or moved: by the on-screen Back, a change of any other
 * kind, the browser's Back (which then means the step before the one on
 * screen), or the page going away, which saves the session at least. A
 * reload that finds the session a few steps ahead of its entry, on the same
 * path, resumes the session: those steps had not been pushed yet.
 * A result opened from a share link belongs to its address and is kept in
 * neither; the friend a quiz taken from one is compared with is kept in the
 * session beside the progress, so a reload keeps the comparison too.
 * The quiz store loads this module once the quiz starts or may be resumed,
 * and hands over what to follow; the browser's parts come in the same way,
 * so that a test can hand in plain objects.
 */
import type { ReadableAtom } from 'nanostores';
import { START, type QuizProgress } from '../core/progress.ts';
import type { NamedResult } from '../core/result.ts';
import { readFriendSession, readSession, writeFriendSession, writeSession } from './saved-progress.ts';
import { hasShareParams } from './share.ts';
import { whenIdle } from './after-paint.ts';
import { atStep, continues, entryOf, stateOf, stepOf } from './history-steps.ts';

/** What this module follows: the quiz's progress and friend, and how an entry's progress is shown. */
export interface FollowedQuiz {
  readonly $progress: ReadableAtom<QuizProgress>;
  show(progress: QuizProgress): void;
  /** Whether the result on screen came from a share link: its address keeps it, not the history. */
  isShared(): boolean;
  readonly $friend: ReadableAtom<NamedResult | null>;
  keepFriend(friend: NamedResult | null): void;
}

/** The parts of the browser this module uses. */
export interface Browser {
  readonly history: Pick<History, 'state' | 'pushState' | 'replaceState' | 'back'>;
  readonly location: { readonly search: string; reload(): void };
  addEventListener(type: 'popstate', listener: (event: { readonly state: unknown }) => void): void;
  /** Runs `run` once the page is idle, after the frame that answers the current tap. */
  whenIdle(run: () => void): void;
  /** Runs `run` whenever the page is hidden or goes away (reload, another page, a closed tab). */
  onLeave(run: () => void): void;
  /** Whether this page was loaded by a reload. */
  readonly reloaded: boolean;
}

export interface QuizHistory {
  /**
   * Starts following the quiz, once. With `resume` (at page load), unless the
   * address is a share link, and while the quiz is still on its intro, first
   * shows the progress of the current entry, or else of the session.
   */
  follow(followed: FollowedQuiz, resume: boolean): void;
  /**
   * The on-screen Back: through the browser's history when the entry before
   * is the previous step, so that both Backs walk the same entries. False when
   * it is not; the caller then steps back in place.
   */
  back(): boolean;
}

export function quizHistory({ history, location, addEventListener, whenIdle, onLeave, reloaded }: Browser): QuizHistory {
  /** The quiz being followed, from the first follow() on. */
  let following: FollowedQuiz | undefined;
  /** Set while an entry's own progress is being shown, so that showing it pushes nothing. */
  let showingEntry = false;
  /**
   * Steps forward not written yet: the progress they lead to, and the step
   * of the entry the history stays on until they are.
   */
  let waiting: { progress: QuizProgress; from: number } | null = null;

  function show(progress: QuizProgress): void {
    showingEntry = true;
    try {
      following?.show(progress);
    } finally {
      showingEntry = false;
    }
  }

  function push(progress: QuizProgress, from: number, to: number): void {
    for (let s = from; s <= to; s++) history.pushState(stateOf(atStep(progress, s), true), '', '/');
  }

  /** Writes the steps forward that wait, if any. */
  function catchUp(): void {
    if (!waiting) return;
    const { progress, from } = waiting;
    waiting = null;
    writeSession(progress);
    push(progress, from + 1, stepOf(progress));
  }

  /** Brings the history and the session in line with a change of progress made on the page. */
  function record(progress: QuizProgress): void {
    if (following?.isShared()) return;
    const step = stepOf(progress);
    if (waiting && !showingEntry && step > stepOf(waiting.progress)) {
      // Further forward still: written with the steps that wait.
      waiting.progress = progress;
      return;
    }
    catchUp();
    if (showingEntry) return writeSession(progress);
    const entry = entryOf(history.state);
    if (!entry) {
      writeSession(progress);
      if (step === 0) return;
      // The page's first entry, before the quiz started here, was the intro;
      // a share link's entry (a friend's result, then "Take the quiz and compare") stays what its address says.
      if (!hasShareParams(location.search)) history.replaceState(stateOf(START, false), '');
      return push(progress, 1, step);
    }
    const from = stepOf(entry.progress);
    if (step > from) {
      waiting = { progress, from };
      return whenIdle(catchUp);
    }
    writeSession(progress);
    if (step === 0 && from > 0) {
      history.pushState(stateOf(START, false), '', '/');
    } else {
      // The same step changed, or a step back where the entry before is not that step.
      history.replaceState(stateOf(progress, entry.back && step === from), '');
    }
  }

  function onPopState(event: { readonly state: unknown }): void {
    const entry = entryOf(event.state);
    if (waiting) {
      const { progress, from } = waiting;
      waiting = null;
      const reached = entry ? stepOf(entry.progress) : 0;
      const before = stepOf(progress) - 1;
      if (reached < from && before > reached) {
        // Back from the step on screen means the step before it, not the entry before the last one written.
        push(progress, reached + 1, before);
        return show(atStep(progress, before));
      }
    }
    // An entry of a share link shows its result as its address says, when opened.
    if (!entry && hasShareParams(location.search)) return location.reload();
    show(entry?.progress ?? START);
  }

  function follow(followed: FollowedQuiz, resume: boolean): void {
    // A share link shows its own result; what the session keeps waits for the visitor's own pages.
    if (resume && hasShareParams(location.search)) return;
    if (!following) {
      following = followed;
      addEventListener('popstate', onPopState);
      following.$progress.listen(record);
      following.$friend.listen(writeFriendSession);
      // Pushing while the page goes away could land beside the navigation under way; the session is enough.
      onLeave(() => waiting && writeSession(waiting.progress));
    }
    const { $progress, $friend, keepFriend } = following;
    if (resume && $progress.get().screen === 'intro') {
      const entry = entryOf(history.state);
      const session = readSession();
      // Reloaded before the steps last taken were pushed: the session, saved as the page went away, is ahead on the same path.
      const ahead = reloaded && entry && session && continues(session, entry.progress);
      const saved = ahead ? session : (entry?.progress ?? session);
      if (saved) {
        if (!entry) history.replaceState(stateOf(saved, false), '');
        else if (ahead) push(saved, stepOf(entry.progress) + 1, stepOf(saved));
        keepFriend(readFriendSession());
        show(saved);
        return;
      }
    }
    // The friend may have been chosen before this module loaded.
    writeFriendSession($friend.get());
    record($progress.get());
  }

  function back(): boolean {
    catchUp();
    const entry = entryOf(history.state);
    if (!following || !entry?.back || stepOf(entry.progress) !== stepOf(following.$progress.get())) return false;
    history.back();
    return true;
  }

  return { follow, back };
}

/** The page's own history; undefined outside a browser. */
export const pageHistory: QuizHistory | undefined =
  typeof history === 'undefined' || typeof addEventListener !== 'function'
    ? undefined
    : quizHistory({
        history,
        location,
        addEventListener: (type, listener) => addEventListener(type, listener),
        whenIdle,
        onLeave(run) {
          addEventListener('pagehide', run);
          document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && run());
        },
        reloaded: performance.getEntriesByType('navigation').some((n) => (n as PerformanceNavigationTiming).type === 'reload'),
      });

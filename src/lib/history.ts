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
 * A step forward made by a tap is pushed once the frame that answers the tap
 * is on the screen: written within the tap, the entry held that frame back
 * (pushState is 1.8 ms of an answer's script at 4x CPU; over 210 taps
 * the mean from input to paint went from 37.6 to 36.0 ms). Until then the
 * history is behind, and catches up first whenever it is read or moved: by
 * the on-screen Back, a change of any other kind, or the browser's Back; a
 * page reloaded before it caught up finds the steps in the session, ahead
 * of its entry, and a note in the session that they were still to come.
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
import {
  readFriendSession,
  readHistoryBehind,
  readProgress,
  readSession,
  toSaved,
  writeFriendSession,
  writeHistoryBehind,
  writeSession,
  type SavedProgress,
} from './saved-progress.ts';
import { hasShareParams } from './share.ts';
import { afterFrameShown } from './after-paint.ts';

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
  /** Runs `run` once the frame being painted now is on the screen. */
  afterFrameShown(run: () => void): void;
}

/** What a quiz's history entry holds: its progress, and whether the entry before is its previous step. */
interface EntryState {
  readonly quiz: SavedProgress;
  readonly back: boolean;
}

interface Entry {
  readonly progress: QuizProgress;
  readonly back: boolean;
}

/** Steps in order: the intro 0, the name 1, a question 2 plus the answers so far, the results after the last. */
function stepOf({ screen, answers }: QuizProgress): number {
  if (screen === 'intro') return 0;
  if (screen === 'name') return 1;
  return 2 + answers.length;
}

/** `progress` as it was at an earlier `step`. */
function atStep(progress: QuizProgress, step: number): QuizProgress {
  if (step === stepOf(progress)) return progress;
  if (step === 0) return START;
  if (step === 1) return { ...START, screen: 'name' };
  return { screen: 'question', name: progress.name, answers: progress.answers.slice(0, step - 2), submissionId: null };
}

/** Whether `later` is `earlier` with steps forward. */
function continues(later: QuizProgress, earlier: QuizProgress): boolean {
  const step = stepOf(earlier);
  return stepOf(later) > step && JSON.stringify(toSaved(atStep(later, step))) === JSON.stringify(toSaved(earlier));
}

function entryOf(state: unknown): Entry | null {
  if (typeof state !== 'object' || state === null) return null;
  const { quiz, back } = state as Record<string, unknown>;
  const progress = readProgress(quiz);
  return progress && { progress, back: back === true };
}

function stateOf(progress: QuizProgress, back: boolean): EntryState {
  return { quiz: toSaved(progress), back };
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

export function quizHistory({ history, location, addEventListener, afterFrameShown }: Browser): QuizHistory {
  /** The quiz being followed, from the first follow() on. */
  let following: FollowedQuiz | undefined;
  /** Set while an entry's own progress is being shown, so that showing it pushes nothing. */
  let showingEntry = false;
  /**
   * Steps forward not yet pushed: the progress they lead to, and the step of
   * the entry the history is on until they are.
   */
  let behind: { progress: QuizProgress; from: number } | null = null;

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

  /** Pushes the steps forward the history is behind on, if any. */
  function catchUp(): void {
    if (!behind) return;
    const { progress, from } = behind;
    behind = null;
    push(progress, from + 1, stepOf(progress));
    writeHistoryBehind(null);
  }

  /** Brings the history and the session in line with a change of progress made on the page. */
  function record(progress: QuizProgress): void {
    if (following?.isShared()) return;
    writeSession(progress);
    if (showingEntry) return;
    const step = stepOf(progress);
    if (behind && step > stepOf(behind.progress)) {
      // Further forward still: pushed with the steps before.
      behind.progress = progress;
      return;
    }
    catchUp();
    const entry = entryOf(history.state);
    if (!entry) {
      if (step === 0) return;
      // The page's first entry, before the quiz started here, was the intro;
      // a share link's entry (a friend's result, then "Take the quiz and compare") stays what its address says.
      if (!hasShareParams(location.search)) history.replaceState(stateOf(START, false), '');
      return push(progress, 1, step);
    }
    const from = stepOf(entry.progress);
    if (step > from) {
      behind = { progress, from };
      writeHistoryBehind(from);
      afterFrameShown(catchUp);
    } else if (step === 0 && from > 0) {
      history.pushState(stateOf(START, false), '', '/');
    } else {
      // The same step changed, or a step back where the entry before is not that step.
      history.replaceState(stateOf(progress, entry.back && step === from), '');
    }
  }

  function onPopState(event: { readonly state: unknown }): void {
    const entry = entryOf(event.state);
    if (behind) {
      // The browser moved from the entry the steps not yet pushed start after.
      const { progress, from } = behind;
      behind = null;
      writeHistoryBehind(null);
      const reached = entry ? stepOf(entry.progress) : 0;
      const before = stepOf(progress) - 1;
      if (reached < from && before > reached) {
        // Back from the step on screen means the step before it, not the entry before the last one pushed.
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
    }
    const { $progress, $friend, keepFriend } = following;
    if (resume && $progress.get().screen === 'intro') {
      const entry = entryOf(history.state);
      const session = readSession();
      // Steps forward the page went away before pushing are the session's, after this very entry.
      const behindFrom = readHistoryBehind();
      writeHistoryBehind(null);
      const wasBehind = entry && session && behindFrom === stepOf(entry.progress) && continues(session, entry.progress);
      const saved = wasBehind ? session : (entry?.progress ?? session);
      if (saved) {
        if (!entry) history.replaceState(stateOf(saved, false), '');
        else if (saved !== entry.progress) push(saved, stepOf(entry.progress) + 1, stepOf(saved));
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
        afterFrameShown,
      });

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
  readProgress,
  readSession,
  toSaved,
  writeFriendSession,
  writeSession,
  type SavedProgress,
} from './saved-progress.ts';
import { hasShareParams } from './share-link.ts';

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

export function quizHistory({ history, location, addEventListener }: Browser): QuizHistory {
  /** The quiz being followed, from the first follow() on. */
  let following: FollowedQuiz | undefined;
  /** Set while an entry's own progress is being shown, so that showing it pushes nothing. */
  let showingEntry = false;

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

  /** Brings the history and the session in line with a change of progress made on the page. */
  function record(progress: QuizProgress): void {
    if (following?.isShared()) return;
    writeSession(progress);
    if (showingEntry) return;
    const entry = entryOf(history.state);
    const step = stepOf(progress);
    if (!entry) {
      if (step === 0) return;
      // The page's first entry, before the quiz started here, was the intro;
      // a share link's entry (a friend's result, then "Take the quiz and compare") stays what its address says.
      if (!hasShareParams(location.search)) history.replaceState(stateOf(START, false), '');
      return push(progress, 1, step);
    }
    const from = stepOf(entry.progress);
    if (step > from) {
      push(progress, from + 1, step);
    } else if (step === 0 && from > 0) {
      history.pushState(stateOf(START, false), '', '/');
    } else {
      // The same step changed, or a step back where the entry before is not that step.
      history.replaceState(stateOf(progress, entry.back && step === from), '');
    }
  }

  function onPopState(event: { readonly state: unknown }): void {
    const entry = entryOf(event.state);
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
      const saved = entry?.progress ?? readSession();
      if (saved) {
        if (!entry) history.replaceState(stateOf(saved, false), '');
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
    : quizHistory({ history, location, addEventListener: (type, listener) => addEventListener(type, listener) });

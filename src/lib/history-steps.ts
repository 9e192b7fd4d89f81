/**
 * The quiz's steps as the browser's history holds them (history.ts): each
 * step's number, the progress as it was at an earlier step, and what an
 * entry's state holds, written and read back.
 */
import { START, type QuizProgress } from '../core/progress.ts';
import { readProgress, toSaved, type SavedProgress } from './saved-progress.ts';

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
export function stepOf({ screen, answers }: QuizProgress): number {
  if (screen === 'intro') return 0;
  if (screen === 'name') return 1;
  return 2 + answers.length;
}

/** `progress` as it was at an earlier `step`. */
export function atStep(progress: QuizProgress, step: number): QuizProgress {
  if (step === stepOf(progress)) return progress;
  if (step === 0) return START;
  if (step === 1) return { ...START, screen: 'name' };
  return { screen: 'question', name: progress.name, answers: progress.answers.slice(0, step - 2), submissionId: null };
}

/** Whether `later` is `earlier` and steps forward from it. */
export function continues(later: QuizProgress, earlier: QuizProgress): boolean {
  const step = stepOf(earlier);
  return stepOf(later) > step && JSON.stringify(toSaved(atStep(later, step))) === JSON.stringify(toSaved(earlier));
}

export function entryOf(state: unknown): Entry | null {
  if (typeof state !== 'object' || state === null) return null;
  const { quiz, back } = state as Record<string, unknown>;
  const progress = readProgress(quiz);
  return progress && { progress, back: back === true };
}

export function stateOf(progress: QuizProgress, back: boolean): EntryState {
  return { quiz: toSaved(progress), back };
}

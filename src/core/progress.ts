/**
 * The quiz's progress as one plain, serialisable value: the store holds it,
 * the browser's history and session storage keep copies of it.
 */
import type { GivenAnswer } from './scoring.ts';

/** A name that switches on test mode: nothing is sent. */
export const TEST_MODE_NAME = '123';

/** Longest name the database accepts, after trimming. */
export const NAME_MAX_LENGTH = 50;

export type Screen = 'intro' | 'name' | 'question' | 'results';

export interface TimedAnswer extends GivenAnswer {
  /** Seconds spent on the question; null for a result opened from a share link. Never sent. */
  readonly seconds: number | null;
}

export interface QuizProgress {
  readonly screen: Screen;
  readonly name: string;
  readonly answers: readonly TimedAnswer[];
  /** Under which id the finished quiz is saved; null before the end, in test mode and for a share link. */
  readonly submissionId: string | null;
}

export const START: QuizProgress = { screen: 'intro', name: '', answers: [], submissionId: null };

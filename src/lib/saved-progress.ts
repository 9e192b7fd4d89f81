/**
 * The quiz's progress as it is kept outside the page: in sessionStorage, so
 * that a reload or a tab reopened in the same browser session resumes it,
 * and in each history entry's state, so that Back and Forward show a step
 * exactly as it was. Both hold the same small form: the answers by question
 * and text, without their scores, which are read again from the core, so a
 * stored value can never carry scores of its own. Whatever does not read back
 * as a possible progress of this quiz is ignored, never half used.
 */
import { QUESTIONS, QUESTION_COUNT } from '../core/questions.ts';
import { NAME_MAX_LENGTH, TEST_MODE_NAME, type QuizProgress, type Screen, type TimedAnswer } from '../core/progress.ts';
import type { NamedResult } from '../core/result.ts';
import { isSubmissionId } from './ids.ts';
import { decodeShareCode, encodeShareCode, shareNameProblem } from './share-link.ts';
import { readStored, writeStored } from './browser-storage.ts';

const STORAGE_KEY = 'myc.quiz-progress.v1';
/** The friend's result a quiz taken from a share link is compared with at its end. */
const FRIEND_KEY = 'myc.quiz-friend.v1';

interface SavedAnswer {
  readonly questionId: number;
  readonly answerText: string;
  readonly seconds: number | null;
}

/** Progress in its stored form. */
export interface SavedProgress {
  readonly screen: Screen;
  readonly name: string;
  readonly answers: readonly SavedAnswer[];
  readonly submissionId: string | null;
}

const SCREENS: readonly Screen[] = ['intro', 'name', 'question', 'results'];

export function toSaved({ screen, name, answers, submissionId }: QuizProgress): SavedProgress {
  return {
    screen,
    name,
    answers: answers.map(({ questionId, answerText, seconds }) => ({ questionId, answerText, seconds })),
    submissionId,
  };
}

function readAnswer(value: unknown, index: number): TimedAnswer | null {
  if (typeof value !== 'object' || value === null) return null;
  const { questionId, answerText, seconds } = value as Record<string, unknown>;
  const question = QUESTIONS[index];
  if (!question || questionId !== question.id) return null;
  const answer = question.answers.find((a) => a.text === answerText);
  if (!answer) return null;
  if (seconds !== null && !(typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0)) return null;
  return { questionId: question.id, answerText: answer.text, scores: answer.scores, seconds };
}

/** How many answers each screen may hold. */
function fitsScreen(screen: Screen, answerCount: number): boolean {
  switch (screen) {
    case 'intro':
    case 'name':
      return answerCount === 0;
    case 'question':
      return answerCount < QUESTION_COUNT;
    case 'results':
      return answerCount === QUESTION_COUNT;
  }
}

/**
 * Progress from its stored form, with the scores of the core; null for
 * anything else: a wrong shape, an unknown question or answer, answers out
 * of order, a screen that cannot hold that many answers, a finished quiz
 * without its submission id (or with one in test mode).
 */
export function readProgress(value: unknown): QuizProgress | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const screen = SCREENS.find((s) => s === v.screen);
  if (!screen || typeof v.name !== 'string' || v.name.trim() !== v.name || v.name.length > NAME_MAX_LENGTH) return null;
  if (!Array.isArray(v.answers) || !fitsScreen(screen, v.answers.length)) return null;
  const answers: TimedAnswer[] = [];
  for (const [i, raw] of v.answers.entries()) {
    const answer = readAnswer(raw, i);
    if (!answer) return null;
    answers.push(answer);
  }
  const saved = screen === 'results' && v.name !== TEST_MODE_NAME;
  if (saved ? !isSubmissionId(v.submissionId) : v.submissionId !== null) return null;
  return { screen, name: v.name, answers, submissionId: saved ? (v.submissionId as string) : null };
}

/** The progress kept in this browser session, or null when there is none that reads back. */
export function readSession(): QuizProgress | null {
  return readStored('sessionStorage', STORAGE_KEY, readProgress);
}

/** Keeps `progress` for this browser session; the intro is nothing to keep. Full or blocked storage: only a reload would not find it. */
export function writeSession(progress: QuizProgress): void {
  writeStored('sessionStorage', STORAGE_KEY, progress.screen === 'intro' ? null : toSaved(progress));
}

/**
 * The friend as it is kept: the share code of their answers (lib/share-link.ts,
 * which checks a whole answer set and reads the scores from the core) and the
 * name their link carried, refused unless a link could carry it as it is.
 */
function readFriend(value: unknown): NamedResult | null {
  if (typeof value !== 'object' || value === null) return null;
  const { code, name } = value as Record<string, unknown>;
  if (name !== null && (typeof name !== 'string' || name === '' || name.trim() !== name || shareNameProblem(name)))
    return null;
  const answers = typeof code === 'string' ? decodeShareCode(code) : null;
  return answers && { answers, name };
}

/** The friend kept for this browser session, or null when there is none that reads back as a finished result. */
export function readFriendSession(): NamedResult | null {
  return readStored('sessionStorage', FRIEND_KEY, readFriend);
}

/**
 * Keeps the friend the quiz under way will be compared with, so that a
 * reload mid-quiz or on the results keeps the comparison; null forgets it.
 */
export function writeFriendSession(friend: NamedResult | null): void {
  const kept = friend && { code: encodeShareCode(friend.answers), name: friend.name };
  writeStored('sessionStorage', FRIEND_KEY, kept);
}

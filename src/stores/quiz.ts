/**
 * The quiz state of "/" and the only actions that change it. Islands read
 * these stores and call these actions; all arithmetic comes from src/core and
 * all backend calls from src/lib.
 */
import { atom, computed } from 'nanostores';
import { QUESTIONS, QUESTION_COUNT, type Question } from '../core/questions.ts';
import { NAME_MAX_LENGTH, TEST_MODE_NAME } from '../core/quiz.ts';
import { totalsOf, type GivenAnswer } from '../core/scoring.ts';
import type { ValueScores } from '../core/values.ts';
import type { QuestionShares, SubmitInput } from '../lib/api.ts';
import { lazyOnce } from '../lib/lazy.ts';
import { addPending, newSubmissionId, SAVE_ERROR_MESSAGE } from '../lib/outbox.ts';
import type { SaveOutcome } from '../lib/pending-submissions.ts';

export type Screen = 'intro' | 'name' | 'question' | 'results';
export type Overlay = 'about' | 'explain' | 'understanding' | null;

export interface TimedAnswer extends GivenAnswer {
  /** Seconds spent on the question; null for a result opened from a share link. Never sent. */
  readonly seconds: number | null;
}

/** Where the results on screen came from: this visit's quiz or a share link. */
export type ResultOrigin = 'quiz' | 'shared';

/**
 * What happened to the finished quiz. Nothing of it is shown to the visitor;
 * it tells the results screen when the average may include their own row.
 */
export type SaveStatus = 'none' | 'test-mode' | 'saving' | SaveOutcome;

export type Comparison =
  | { status: 'loading' }
  | { status: 'ready'; count: number; mean: ValueScores };

export type AnswerSharesState =
  | { status: 'loading' }
  | { status: 'ready'; shares: QuestionShares[] }
  | { status: 'unavailable' };

export const $screen = atom<Screen>('intro');
export const $name = atom<string>('');
export const $answers = atom<readonly TimedAnswer[]>([]);
export const $overlay = atom<Overlay>(null);
export const $menuOpen = atom<boolean>(false);
export const $resultOrigin = atom<ResultOrigin>('quiz');
export const $saveStatus = atom<SaveStatus>('none');
export const $comparison = atom<Comparison>({ status: 'loading' });
export const $answerShares = atom<AnswerSharesState>({ status: 'loading' });

/** Running totals of the answers given so far. Every score is a multiple of 0.5, so they are exact. */
export const $totals = computed($answers, (answers) => totalsOf(answers));

/** Index (0-based) of the question on screen; the last one once all are answered. */
export const $questionIndex = computed($answers, (answers) => Math.min(answers.length, QUESTION_COUNT - 1));

export const $currentQuestion = computed($questionIndex, (i): Question => QUESTIONS[i] as Question);

export const $isTestMode = computed($name, (name) => name === TEST_MODE_NAME);

// When the question on screen appeared; its answer records the seconds since.
let questionShownAt = 0;
// Bumped on every reset so that late answers from the backend land nowhere.
let generation = 0;

function now(): number {
  return Date.now();
}

/*
 * Sending and the API client are not needed to show the first screens, so
 * they load once the quiz starts rather than with the page. Loading them at
 * the start, not at the end, means a visitor who goes offline mid-quiz still
 * has them when the last answer is saved.
 */
type Sender = typeof import('../lib/pending-submissions.ts');
const loadSender: () => Promise<Sender> = lazyOnce(() => import('../lib/pending-submissions.ts'));

function loadApi() {
  return import('../lib/api.ts');
}

function clearResults(): void {
  generation += 1;
  $resultOrigin.set('quiz');
  $saveStatus.set('none');
  $comparison.set({ status: 'loading' });
  $answerShares.set({ status: 'loading' });
}

function requireScreen(expected: Screen, action: string): void {
  const screen = $screen.get();
  if (screen !== expected) throw new Error(`${action} needs the ${expected} screen, but the quiz is on ${screen}`);
}

export function startQuiz(): void {
  requireScreen('intro', 'startQuiz');
  clearResults();
  $answers.set([]);
  $screen.set('name');
  void loadSender();
}

/** The name is optional; it is trimmed, and "123" switches on test mode. */
export function submitName(name: string): void {
  requireScreen('name', 'submitName');
  const clean = name.trim();
  if (clean.length > NAME_MAX_LENGTH) {
    throw new RangeError(`A name may have at most ${NAME_MAX_LENGTH} characters, got ${clean.length}`);
  }
  $name.set(clean);
  $answers.set([]);
  questionShownAt = now();
  $screen.set('question');
}

export function chooseAnswer(answerText: string): void {
  requireScreen('question', 'chooseAnswer');
  const question = $currentQuestion.get();
  const answer = question.answers.find((a) => a.text === answerText);
  if (!answer) throw new Error(`Question ${question.id} has no answer ${JSON.stringify(answerText)}`);
  const shownAt = questionShownAt;
  questionShownAt = now();
  const given: TimedAnswer = {
    questionId: question.id,
    answerText: answer.text,
    scores: answer.scores,
    seconds: (questionShownAt - shownAt) / 1000,
  };
  const answers = [...$answers.get(), given];
  $answers.set(answers);
  if (answers.length === QUESTION_COUNT) finishQuiz();
}

/** Back to the previous question: its answer, scores and timing are dropped. */
export function goBack(): void {
  requireScreen('question', 'goBack');
  const answers = $answers.get();
  if (answers.length === 0) throw new Error('goBack needs an answered question; the first question has none before it');
  $answers.set(answers.slice(0, -1));
  questionShownAt = now();
}

/** Home and Start over: everything back to the intro. The caller navigates to "/". */
export function resetAll(): void {
  clearResults();
  $overlay.set(null);
  $menuOpen.set(false);
  $name.set('');
  $answers.set([]);
  $screen.set('intro');
}

/**
 * Shows the result a share link stands for; an invalid code changes nothing
 * and resolves false. The decoder loads only when a link is opened.
 */
export async function openSharedResult(code: string): Promise<boolean> {
  const { decodeShareCode } = await import('../lib/share-link.ts');
  const answers = decodeShareCode(code);
  if (!answers) return false;
  clearResults();
  $name.set('');
  $answers.set(answers.map((a) => ({ ...a, seconds: null })));
  $resultOrigin.set('shared');
  $screen.set('results');
  void loadResultData(generation);
  return true;
}

/** About and Explain (and the results' "Understanding Your Chart") replace each other. */
export function openOverlay(overlay: Exclude<Overlay, null>): void {
  $menuOpen.set(false);
  $overlay.set(overlay);
}

export function closeOverlay(): void {
  $overlay.set(null);
}

export function toggleMenu(): void {
  $menuOpen.set(!$menuOpen.get());
}

export function closeMenu(): void {
  $menuOpen.set(false);
}

function finishQuiz(): void {
  $screen.set('results');
  const run = generation;
  if ($isTestMode.get()) {
    $saveStatus.set('test-mode');
    void loadResultData(run);
    return;
  }
  $saveStatus.set('saving');
  const submission: SubmitInput = {
    submission_id: newSubmissionId(),
    name: $name.get() || null,
    answers: $answers.get().map((a) => ({ question_id: a.questionId, answer_text: a.answerText })),
  };
  // Kept before anything else can fail, so that a page reload retries it.
  addPending(submission);
  loadSender()
    .then((m) => m.saveSubmission(submission))
    .catch((error: unknown): SaveOutcome => {
      console.error(SAVE_ERROR_MESSAGE, error);
      return 'queued';
    })
    .then((outcome) => {
      if (run !== generation) return;
      $saveStatus.set(outcome);
      // Asked after the save settles, so that the average includes this visitor when stored.
      void loadResultData(run);
    });
}

async function loadResultData(run: number): Promise<void> {
  await Promise.all([loadComparison(run), loadAnswerShares(run)]);
}

async function loadComparison(run: number): Promise<void> {
  try {
    const stats = await (await loadApi()).fetchResponseStats();
    if (run !== generation) return;
    const { count, love, duty, honor, reason } = stats;
    if (count === 0 || love === null || duty === null || honor === null || reason === null) {
      console.warn('No responses to compare with yet');
      return;
    }
    $comparison.set({ status: 'ready', count, mean: { love, duty, honor, reason } });
  } catch (error) {
    console.error('Error loading comparison data', error);
    retryWhenOnline(run, loadComparison);
  }
}

/** A read that failed for want of a network is asked again once the browser is back online. */
function retryWhenOnline(run: number, load: (run: number) => Promise<void>): void {
  globalThis.addEventListener?.(
    'online',
    () => {
      if (run === generation) void load(run);
    },
    { once: true },
  );
}

async function loadAnswerShares(run: number): Promise<void> {
  try {
    const shares = await (await loadApi()).fetchAnswerShares();
    if (run !== generation) return;
    $answerShares.set({ status: 'ready', shares });
  } catch (error) {
    console.error('Error loading answer shares', error);
    if (run !== generation) return;
    $answerShares.set({ status: 'unavailable' });
    retryWhenOnline(run, loadAnswerShares);
  }
}

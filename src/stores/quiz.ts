/**
 * The quiz on "/": the views of its progress (stores/progress.ts) and the
 * only actions that change it. Islands read these stores and call these
 * actions; all arithmetic comes from src/core.
 */
import { atom, computed } from 'nanostores';
import { $progress } from './progress.ts';
import type { QuizHistory } from '../lib/history.ts';
import { afterNextPaint } from '../speed/after-paint.ts';
import { lazyOnce } from '../lib/lazy.ts';
import { untilLoaded } from '../lib/network.ts';
import { newSubmissionId } from '../lib/ids.ts';
import { isKept, TRAIL_KEY } from '../lib/browser-storage.ts';
import { QUESTIONS, QUESTION_COUNT, type Question } from '../core/questions.ts';
import {
  NAME_MAX_LENGTH,
  START,
  TEST_MODE_NAME,
  type QuizProgress,
  type Screen,
  type TimedAnswer,
} from '../core/progress.ts';
import type { GivenAnswer } from '../core/scoring.ts';
import { totalsOf } from '../core/totals.ts';
import { cleanName } from '../core/names.ts';
import { closeOverlayAndMenu } from './overlays.ts';
import { $friend, $resultOrigin, clearResults, keepFriend, keepRunSaved } from './finished.ts';
// While the quiz is shown, saves and withdrawals still waiting go out.
import './waiting-sends.ts';
import { $linkProblem, $returning, $wiped } from './intro-notes.ts';

export const $screen = computed($progress, (p) => p.screen);
export const $name = computed($progress, (p) => p.name);
export const $answers = computed($progress, (p) => p.answers);

/** Running totals of the answers given so far. Every score is a multiple of 0.5, so they are exact. */
export const $totals = computed($answers, (answers) => totalsOf(answers));

/** Index (0-based) of the question on screen; the last one once all are answered. */
export const $questionIndex = computed($answers, (answers) => Math.min(answers.length, QUESTION_COUNT - 1));

export const $currentQuestion = computed($questionIndex, (i): Question => QUESTIONS[i] as Question);

export const $isTestMode = computed($name, (name) => name === TEST_MODE_NAME);

/**
 * A finished quiz's save and comparison (stores/results.ts): not needed to
 * show the intro, so loaded after the page's first paint, well before the
 * last answer; offline, once the network is back.
 */
const loadResults = lazyOnce(() => untilLoaded(() => import('./results.ts')));

/*
 * The browser's history and this session's storage follow the quiz
 * (lib/history.ts) from its first step, or from the page load when there may
 * be something to resume. That module is not needed to show the intro, so it
 * loads only then; offline, it loads once the network is back.
 */
let follower: QuizHistory | undefined;

function followHistory(resume: boolean): void {
  void untilLoaded(() => import('../lib/history.ts')).then(({ pageHistory }) => {
    follower = pageHistory;
    follower?.follow(
      {
        $progress,
        show: restoreProgress,
        isShared: () => $resultOrigin.get() === 'shared',
        $friend,
        keepFriend,
      },
      resume,
    );
  });
}

/**
 * A quick look at page load: whether a history entry or the session may hold
 * progress. The history module reads them properly, blocked storage included.
 */
function mayResume(): boolean {
  try {
    return history.state !== null || sessionStorage.length > 0;
  } catch {
    return true;
  }
}

/**
 * Shows again the step a reload or a reopened tab left, once the quiz on
 * screen has hydrated: the page's HTML is the intro, and a store that changed
 * before hydration would make React's first render disagree with it.
 */
export function resumeAfterHydration(): void {
  $returning.set(isKept(TRAIL_KEY));
  if (mayResume()) followHistory(true);
  // Fetched as the question screen is, so that a visitor offline from the first tap still keeps the finished quiz.
  afterNextPaint(() => void loadResults());
}

// When the question on screen appeared; its answer records the seconds since. Each step restarts it.
let questionShownAt = 0;

/**
 * The answers of this run as far as they went, the ones Back undid
 * included: the question on screen shows its earlier choice until a
 * different one is chosen.
 */
const $reached = atom<readonly TimedAnswer[]>([]);

/** The answer chosen earlier on the question on screen, undone since by Back; null when there is none. */
export const $earlierChoice = computed([$reached, $answers], (reached, answers) =>
  reached.length > answers.length ? (reached[answers.length]?.answerText ?? null) : null,
);

function update(change: Partial<QuizProgress>): void {
  questionShownAt = Date.now();
  const next = { ...$progress.get(), ...change };
  const reached = $reached.get();
  const onTheWay = next.answers.every((a, i) => reached[i]?.answerText === a.answerText);
  if (!onTheWay || reached.length < next.answers.length) $reached.set(next.answers);
  $progress.set(next);
}

/** Throws unless the quiz is on `expected`: an action called out of turn changes nothing. */
export function requireScreen(expected: Screen, action: string): void {
  const { screen } = $progress.get();
  if (screen !== expected) throw new Error(`${action} needs the ${expected} screen, not ${screen}`);
}

export function startQuiz(): void {
  requireScreen('intro', 'startQuiz');
  clearResults();
  $wiped.set(null);
  $linkProblem.set(null);
  $reached.set([]);
  update({ screen: 'name', answers: [] });
  // Fetching the history module within the tap held back the name screen's
  // paint; the name screen has nothing a reload could lose yet.
  keepRunSaved(null);
  afterNextPaint(() => followHistory(false));
}

/**
 * The name is optional; it is kept as the database will store it
 * (core/names.ts), so that the one rule decides both what is saved and
 * whether it is "123", which switches on test mode.
 */
export function submitName(name: string): void {
  requireScreen('name', 'submitName');
  const clean = cleanName(name) ?? '';
  if (clean.length > NAME_MAX_LENGTH) {
    throw new RangeError(`A name has at most ${NAME_MAX_LENGTH} characters, got ${clean.length}`);
  }
  update({ screen: 'question', name: clean, answers: [] });
}

export function chooseAnswer(answerText: string): void {
  requireScreen('question', 'chooseAnswer');
  const question = $currentQuestion.get();
  const answer = question.answers.find((a) => a.text === answerText);
  if (!answer) throw new Error(`Question ${question.id} has no answer ${JSON.stringify(answerText)}`);
  const given: TimedAnswer = {
    questionId: question.id,
    answerText: answer.text,
    scores: answer.scores,
    seconds: (Date.now() - questionShownAt) / 1000,
  };
  const answers = [...$progress.get().answers, given];
  if (answers.length < QUESTION_COUNT) {
    update({ answers });
    return;
  }
  const submissionId = $isTestMode.get() ? null : newSubmissionId();
  const { name } = $progress.get();
  update({ answers, screen: 'results', submissionId });
  // Saved even when the visitor has already left the result (Start over at once); shown only while on screen.
  void loadResults().then((results) => {
    const { screen, submissionId: shown } = $progress.get();
    results.finishQuiz(name, answers, submissionId, screen === 'results' && shown === submissionId);
  });
}

/**
 * Back to the previous question: its answer, scores and timing are dropped.
 * When the history entry before is that question, this goes there through the
 * browser's history, as its Back button would, and the change follows.
 */
export function goBack(): void {
  requireScreen('question', 'goBack');
  const { answers } = $progress.get();
  if (answers.length === 0) throw new Error('goBack on the first question');
  if (follower?.back()) return;
  update({ answers: answers.slice(0, -1) });
}

/** Home and Start over: everything back to the intro. The caller navigates to "/". */
export function resetAll(): void {
  const left = $progress.get();
  $wiped.set(left.screen === 'question' && left.answers.length > 0 ? left : null);
  clearResults();
  keepFriend(null);
  closeOverlayAndMenu();
  $progress.set(START);
  followHistory(false);
}

/**
 * A shared result on screen: its answers, without seconds, nothing of the
 * visitor's and nothing to save. Whose result it is, results.ts says
 * (showSharedResult).
 */
export function showSharedAnswers(answers: readonly GivenAnswer[]): void {
  update({ screen: 'results', name: '', answers: answers.map((a) => ({ ...a, seconds: null })), submissionId: null });
}

/**
 * Shows progress read back from a history entry or the session, already
 * checked (saved-progress.ts). A finished quiz is shown, never saved again.
 */
export function restoreProgress(progress: QuizProgress): void {
  closeOverlayAndMenu();
  clearResults();
  update(progress);
  if (progress.screen !== 'results') return;
  const shown = $progress.get();
  void loadResults().then((results) => {
    if ($progress.get() === shown) results.resumeResult(progress.submissionId);
  });
}

/**
 * A returning visitor's kept result (stores/trail.ts) shown again, from the
 * intro: never saved again, and, as the run on screen, replaced if its
 * answers change.
 */
export function showKeptResult({ id, answers }: { id: string; answers: readonly GivenAnswer[] }): void {
  keepRunSaved(id);
  restoreProgress({
    screen: 'results',
    name: '',
    answers: answers.map((a) => ({ ...a, seconds: null })),
    submissionId: id,
  });
}

/** Brings back the quiz Home or Start over left midway. */
export function undoReset(): void {
  const wiped = $wiped.get();
  $wiped.set(null);
  if (wiped && $progress.get().screen === 'intro') restoreProgress(wiped);
}

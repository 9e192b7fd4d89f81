/**
 * A visitor of the quiz, as every browser suite drives one: the steps they
 * take by the visible texts, whatever drives the browser (Playwright in
 * tests/support/chromium, WebDriver in tests/support/cross-engine), and what
 * the results must show, computed from the scoring core, never from the page.
 */
import { cellOf, cellPath } from '../../src/core/map.ts';
import { TEST_MODE_NAME } from '../../src/core/progress.ts';
import { QUESTIONS } from '../../src/core/questions.ts';
import { formatPercent, resultPosition, resultShares } from '../../src/core/scoring.ts';
import { totalsOf } from '../../src/core/totals.ts';
import { VALUES, type Value, type ValueScores } from '../../src/core/values.ts';

export { PATH_A, PATH_B } from './random-answers.ts';

/** The label of the name field, as its placeholder reads. */
export const NAME_PLACEHOLDER = "What's your name?";

/** Every question answered with its first answer. */
export const FIRST_ANSWERS: readonly number[] = QUESTIONS.map(() => 0);

/** What one driver technology carries out in the browser. */
export interface VisitorSteps {
  /** Opens `url`, an address that shows the quiz's intro, and waits until every island has hydrated. */
  openQuiz(url: string): Promise<void>;
  /** Taps Start Quiz and waits for the name screen. */
  start(): Promise<void>;
  /** On the name screen: gives `name` (blank for none) and waits for question 1. */
  giveName(name: string): Promise<void>;
  /** Waits until question `index` (0-based) is on screen. */
  onQuestion(index: number): Promise<void>;
  /** Taps answer `answer` of question `question`, which is on screen. */
  choose(question: number, answer: number): Promise<void>;
  /** The browser's Back, Forward and Reload buttons. */
  back(): Promise<void>;
  forward(): Promise<void>;
  reload(): Promise<void>;
  /** Waits until the results screen is shown. */
  onResults(): Promise<void>;
  /** The four percentages the results screen shows, by value, e.g. { love: '31.6%', ... }. */
  shownPercentages(): Promise<Record<Value, string>>;
}

/** The steps, and the walks made of them. */
export interface Visitor extends VisitorSteps {
  /** From the intro to question 1, giving `name` on the way. */
  startWithName(name: string): Promise<void>;
  /** Answers questions from `from` on along `path`, each once it is on screen. */
  answer(path: readonly number[], from?: number): Promise<void>;
  /** The whole quiz from `url` as the test-mode visitor, so nothing is stored. */
  toResults(url: string): Promise<void>;
}

/** A visitor who takes the walks through `steps`. */
export function visitorOf(steps: VisitorSteps): Visitor {
  const visitor: Visitor = {
    ...steps,
    async startWithName(name) {
      await steps.start();
      await steps.giveName(name);
    },
    async answer(path, from = 0) {
      for (let q = from; q < path.length; q++) {
        await steps.onQuestion(q);
        await steps.choose(q, path[q]!);
      }
    },
    async toResults(url) {
      await steps.openQuiz(url);
      await visitor.startWithName(TEST_MODE_NAME);
      await visitor.answer(FIRST_ANSWERS);
      await steps.onResults();
    },
  };
  return visitor;
}

export function answerText(question: number, index: number): string {
  const text = QUESTIONS[question]?.answers[index]?.text;
  if (text === undefined) throw new Error(`Question ${question + 1} has no answer ${index}`);
  return text;
}

export function totalsFor(path: readonly number[]): ValueScores {
  return totalsOf(path.map((a, q) => QUESTIONS[q]!.answers[a]!));
}

/** The page of the map's cell a path's dot falls in, e.g. "/r/5-2": where its share link points. */
export function cellPathFor(path: readonly number[]): string {
  return cellPath(cellOf(resultPosition(totalsFor(path))));
}

/** The four percentages the results screen must print for a path, e.g. { love: '31.6%', ... }. */
export function expectedPercentages(path: readonly number[]): Record<Value, string> {
  const shares = resultShares(totalsFor(path));
  return Object.fromEntries(VALUES.map((v) => [v, formatPercent(shares[v])])) as Record<Value, string>;
}

/** The percentage at the end of a value's line of the results, e.g. "Love 31.6%" gives "31.6%". */
export function percentageOf(line: string): string {
  return /(\d+\.\d%)\s*$/.exec(line)?.[1] ?? `unreadable: ${line}`;
}

/**
 * In the page, whatever drives it: how many finished quizzes the outbox
 * holds under `key` (SUBMISSIONS_KEY), not yet known to be stored.
 */
export function outboxLength(key: string): number {
  return (JSON.parse(localStorage.getItem(key) ?? '[]') as unknown[]).length;
}

/**
 * Runs in the page: it is ready for a visitor's taps, in every browser suite
 * alike: loaded, and every island hydrated (Astro drops `ssr` from each once
 * its component runs; before, its buttons are HTML nothing listens to).
 */
export function pageReady(): boolean {
  return document.readyState === 'complete' && document.querySelectorAll('astro-island[ssr]').length === 0;
}

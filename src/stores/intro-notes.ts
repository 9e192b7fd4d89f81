/**
 * What the intro tells a visitor besides the quiz: a share link that could
 * not be shown, an earlier result this browser keeps, a quiz left midway.
 * The quiz's actions (stores/quiz.ts) and the share link's reading
 * (stores/share-address.ts) set them; the intro reads them.
 */
import { atom, onMount } from 'nanostores';
import type { QuizProgress } from '../core/progress.ts';
import type { LinkProblem } from '../lib/share-link.ts';
import { isKept, NEXT_QUIZ_GROUP_KEY } from '../lib/browser-storage.ts';

export type { LinkProblem };

/** What is wrong with the share link the page was opened with (lib/share-link.ts says it). */
export const $linkProblem = atom<LinkProblem | null>(null);

/** This browser keeps earlier results (lib/trail-storage.ts): the intro offers the last one again. */
export const $returning = atom(false);

/** A quiz left midway by Home or Start over, until the visitor undoes that or starts anew. */
export const $wiped = atom<QuizProgress | null>(null);

/**
 * A join link's page asked for the next quiz to be taken for its group
 * (lib/waiting-joins.ts): the intro's notes name it. Only whether one is
 * asked for is read here, before any tap; the notes read which.
 */
export const $forGroup = atom(false);

onMount($forGroup, () => {
  $forGroup.set(isKept(NEXT_QUIZ_GROUP_KEY, 'sessionStorage'));
});

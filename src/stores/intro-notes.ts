/**
 * What the intro tells a visitor besides the quiz: a share link that could
 * not be shown, an earlier result this browser keeps, a quiz left midway.
 * The quiz's actions (stores/quiz.ts) and the share link's reading
 * (stores/share-address.ts) set them; the intro reads them.
 */
import { atom, onMount } from 'nanostores';
import type { QuizProgress } from '../core/progress.ts';
import type { LinkProblem } from '../lib/share-link.ts';
import { keepNextQuizGroup, readNextQuizGroup, type JoinableGroup } from '../lib/waiting-joins.ts';

export type { LinkProblem };

/** What is wrong with the share link the page was opened with (lib/share-link.ts says it). */
export const $linkProblem = atom<LinkProblem | null>(null);

/** This browser keeps earlier results (lib/trail-storage.ts): the intro offers the last one again. */
export const $returning = atom(false);

/** A quiz left midway by Home or Start over, until the visitor undoes that or starts anew. */
export const $wiped = atom<QuizProgress | null>(null);

/** The group the quiz about to be taken is for (a join link's page asked), as the intro names it; null for none. */
export const $mappingWith = atom<JoinableGroup | null>(null);

onMount($mappingWith, () => {
  $mappingWith.set(readNextQuizGroup());
});

/** Takes the next quiz for `group`, or, with null, for no group: the join waits beside the save (stores/group-join.ts). */
export function mapNextQuizWith(group: JoinableGroup | null): void {
  keepNextQuizGroup(group);
  $mappingWith.set(group);
}

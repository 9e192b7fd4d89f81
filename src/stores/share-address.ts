/**
 * An address opened on "/" or on a shared result's cell page (/r/<cell>):
 * the result its query holds, or what is wrong with the link. A cell page
 * whose query holds no result, a query that reads as no result, and a result
 * that falls in another cell than the page's (the link was altered) are said
 * on the intro rather than shown as the plain quiz.
 */
import { CELL_PAGES, cellFromSlug } from '../core/map.ts';
import { cellOfAnswers, hasShareParams, readShareLink } from '../lib/share-link.ts';
import { $linkProblem, type LinkProblem } from './intro-notes.ts';
import { openShareLink } from './share.ts';

/** What is wrong with the link at this address, or null when it holds a result or is no share link at all. */
export function problemOf(search: string, pathname: string): LinkProblem | null {
  const page = pathname.startsWith(CELL_PAGES) ? cellFromSlug(pathname.slice(CELL_PAGES.length)) : null;
  if (!hasShareParams(search)) return page ? 'no-result' : null;
  const link = readShareLink(search);
  if (!link) return 'unreadable';
  if (!page) return null;
  const cell = cellOfAnswers(link.sharer.answers);
  return cell.col === page.col && cell.row === page.row ? null : 'altered';
}

/** Shows the result the address holds, or says on the intro what is wrong with it; returns the problem. */
export function openAddress(search: string, pathname: string): LinkProblem | null {
  const problem = problemOf(search, pathname);
  $linkProblem.set(problem);
  if (problem === null) openShareLink(search);
  return problem;
}

/**
 * An address opened on "/" or on a shared result's cell page (/r/<cell>):
 * the result its query holds, or what is wrong with the link
 * (lib/share-link.ts tells which), said on the intro rather than shown as
 * the plain quiz.
 */
import { problemOf, type LinkProblem } from '../lib/share-link.ts';
import { $linkProblem } from './intro-notes.ts';
import { openShareLink } from './share.ts';

/** Shows the result the address holds, or says on the intro what is wrong with it; returns the problem. */
export function openAddress(search: string, pathname: string): LinkProblem | null {
  const problem = problemOf(search, pathname);
  $linkProblem.set(problem);
  if (problem === null) openShareLink(search);
  return problem;
}

/**
 * The pages' titles. A module of its own: the quiz's steps retitle "/" from
 * a store loaded with the question screen, and "/" itself loads none of it.
 */
import type { QuizProgress } from './progress.ts';
import { QUESTION_COUNT } from './questions.ts';
import { SITE_NAME } from './site.ts';

/** A page's title: its own name, then the site's; the home page is the site's name alone. */
export function pageTitle(page?: string): string {
  return page ? `${page} – ${SITE_NAME}` : SITE_NAME;
}

/**
 * The title of "/" at each step of the quiz (WCAG 2.4.2): the question's
 * number, the results; the intro and the name keep the page's own.
 */
export function quizStepTitle(progress: QuizProgress, shared: boolean): string {
  if (progress.screen === 'question') return pageTitle(`Question ${progress.answers.length + 1} of ${QUESTION_COUNT}`);
  if (progress.screen === 'results') return pageTitle(shared ? 'Shared Results' : 'Your Results');
  return pageTitle();
}

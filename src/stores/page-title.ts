/**
 * The page's title follows the quiz's step (WCAG 2.4.2), from one
 * subscription rather than from each screen: a screen reader announces the
 * new title, and the browser's tabs and history name the step. The question
 * and results screens import this module, so that it loads with the first
 * step whose title differs from the page's own, never with "/" itself.
 */
import { computed } from 'nanostores';
import { quizStepTitle } from '../core/titles.ts';
import { $progress } from './progress.ts';
import { $resultOrigin } from './finished.ts';

const $quizTitle = computed([$progress, $resultOrigin], (progress, origin) =>
  quizStepTitle(progress, origin === 'shared'),
);

// Outside a browser (the stores' tests) there is no title to keep.
if (typeof document !== 'undefined') {
  $quizTitle.subscribe((title) => {
    document.title = title;
  });
}

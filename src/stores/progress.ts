/**
 * The quiz's progress on "/" (which screen, the name, the answers given so
 * far, the submission id of a finished quiz) as one plain, serialisable
 * value, so that it can be written to and read back from the browser's
 * history or session storage as it is. Only the actions of stores/quiz.ts
 * change it; the stores that follow the quiz (the trail, the withdrawals,
 * the page's title) read it here without importing those actions.
 */
import { atom } from 'nanostores';
import { START, type QuizProgress } from '../core/progress.ts';

export const $progress = atom<QuizProgress>(START);

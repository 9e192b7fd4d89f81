/**
 * A finished result as it travels between the quiz, a share link and the
 * session: the answers, and the first name shown with them. One shape for
 * the visitor's own result, a shared one and the friend's beside it.
 */
import type { GivenAnswer } from './scoring.ts';

export interface NamedResult {
  readonly answers: readonly GivenAnswer[];
  /** The first name shown with the result, or null. Plain text: show it as text, never as markup. */
  readonly name: string | null;
}

/**
 * How the results screen names the result on screen and the friend's beside
 * it: on the chart, in the table, in the sentence. Here rather than in the
 * results store so that these words load with the results screen, not with "/".
 */
import type { NamedResult } from '../../core/result.ts';
import type { ResultOrigin } from '../../stores/results.ts';

/** The visitor's own result, as the screen names it. */
export const OWN_LABEL = 'You';

export interface ResultLabels {
  readonly own: string;
  /** null without a friend's result. */
  readonly friend: string | null;
}

export function resultLabels(origin: ResultOrigin, sharedName: string | null, friend: NamedResult | null): ResultLabels {
  return {
    own: origin === 'quiz' ? OWN_LABEL : (sharedName ?? 'Sharer'),
    friend: friend ? (friend.name ?? 'Friend') : null,
  };
}

/** "Your" for the visitor, "Rhea’s" for anyone else. */
export function possessive(label: string): string {
  return label === OWN_LABEL ? 'Your' : `${label}\u2019s`;
}

/** A label after a preposition: "you" for the visitor, the name as it is for anyone else. */
export function objectForm(label: string): string {
  return label === OWN_LABEL ? 'you' : label;
}

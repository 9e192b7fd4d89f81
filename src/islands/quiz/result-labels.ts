/**
 * How the results screen names the result on screen and the friend's beside
 * it: on the chart, in the table, in the sentence. Here rather than in the
 * results store so that these words load with the results screen, not with "/".
 */
import type { NamedResult } from '../../core/result.ts';
import type { ResultOrigin } from '../../stores/finished.ts';

/** The visitor's own result, as the screen names it. */
export const OWN_LABEL = 'You';

export interface ResultLabels {
  readonly own: string;
  /** null without a friend's result. */
  readonly friend: string | null;
}

export function resultLabels(
  origin: ResultOrigin,
  sharedName: string | null,
  friend: NamedResult | null,
): ResultLabels {
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

/**
 * What a results percentage is a share of, under the list and the
 * comparison: each value on its own scale, up to the most the quiz lets
 * anyone score in it, which is why the four never add up to 100%.
 */
export function scaleNote(label: string): string {
  const who = label === OWN_LABEL ? 'you' : 'anyone';
  return `Each percentage is of the most ${who} could score in its value (Love: of the most ${who} could score in Love), so the four do not add up to 100%.`;
}

/** The comparison's title: the spec's "How Do You Compare?" for the visitor, "How Does Rhea Compare?" for a shared result. */
export function compareTitle(label: string): string {
  return label === OWN_LABEL ? 'How Do You Compare?' : `How Does ${label} Compare?`;
}

/**
 * How the results screen names the result on screen and the friend's beside
 * it: on the chart, in the table, in the sentence. Here rather than in the
 * results store so that these words load with the results screen, not with "/".
 */
import { describeLean } from '../../charts/result-scatter.ts';
import type { Position } from '../../core/scoring.ts';
import type { Value } from '../../core/values.ts';
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

/** The results screen's title: the visitor's results, a friend's map by name, or two maps side by side. */
export function resultsTitle(origin: ResultOrigin, sharedName: string | null, labels: ResultLabels): string {
  if (origin === 'quiz') return 'Your Results';
  if (labels.friend !== null) return `${labels.own} and ${labels.friend}`;
  return sharedName ? `${sharedName}\u2019s map` : 'A shared map';
}

/** What a shared result's screen says before its invitation to take the quiz. */
export function sharedNote(sharedName: string | null): string {
  return sharedName ? `${sharedName} shared their map with you.` : 'A result opened from a shared link.';
}

/** A result chart's dots in words, beside it and in its label. */
export function chartDescription(own: { label: string; position: Position }, friend: typeof own | null): string {
  const same = friend && own.position.x === friend.position.x && own.position.y === friend.position.y;
  return [
    describeLean(own.position, possessive(own.label)),
    friend ? describeLean(friend.position, possessive(friend.label)) : '',
    same ? 'The two dots are in the same place.' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The result chart's accessible name: what its axes are, whose dots it shows and where, and which marks it adds. */
export function chartLabel(
  own: { label: string; position: Position },
  friend: typeof own | null,
  marks: { trail: boolean; figures: boolean },
): string {
  const shapes = friend ? ` ${own.label}: round dot. ${friend.label}: triangle.` : '';
  const trail = marks.trail ? ' Earlier results shown as faint dated dots on a dashed line, listed below.' : '';
  const figures = marks.figures ? ' Literary figures shown as small marks, listed below.' : '';
  return `${friend ? 'Result chart' : `${possessive(own.label)} result chart`}: Love at the top, Duty at the bottom, Reason on the right, Honor on the left.${shapes} ${chartDescription(own, friend)}${trail}${figures}`;
}

/**
 * A percentage's line as custom properties: how far it reaches (full at
 * 100%) and its value's color of the page's scheme (global.css). Set from
 * script only: the page's policy refuses style attributes in HTML.
 */
export function percentageStyle(value: Value, share: number): { '--share': string; '--value-color': string } {
  return { '--share': `${Math.min(100, share * 100)}%`, '--value-color': `var(--${value})` };
}

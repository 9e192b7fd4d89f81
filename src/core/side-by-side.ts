/**
 * Two results side by side: where two people differ most and where they
 * agree, read on the results page's shares.
 */
import { formatPercent } from './scoring.ts';
import { VALUES, VALUE_LABELS, type Value, type ValueScores } from './values.ts';

interface ValueGap {
  readonly value: Value;
  /** The first result's share of this value and the second's, as fractions of 1. */
  readonly first: number;
  readonly second: number;
  /** How far apart the two shares are, never negative. */
  readonly gap: number;
}

interface SideBySideGaps {
  /** The value with the widest gap; on a tie, the first in VALUES order. */
  readonly differMost: ValueGap;
  /** The value with the narrowest gap; on a tie, the first in VALUES order. */
  readonly agreeMost: ValueGap;
}

// Shares are ratios of small sums, so two equal gaps may differ in the last bits.
const SAME_GAP = 1e-9;

export function gapsBetween(first: Readonly<ValueScores>, second: Readonly<ValueScores>): SideBySideGaps {
  const gaps: ValueGap[] = VALUES.map((value) => ({
    value,
    first: first[value],
    second: second[value],
    gap: Math.abs(first[value] - second[value]),
  }));
  const pick = (better: (a: number, b: number) => boolean) =>
    gaps.reduce((best, g) => (better(g.gap, best.gap) && Math.abs(g.gap - best.gap) > SAME_GAP ? g : best));
  return { differMost: pick((a, b) => a > b), agreeMost: pick((a, b) => a < b) };
}

/**
 * One sentence for two results, naming each by its label ("You", "Rhea"), e.g.
 * "You and Rhea differ most on Honor (You 64.3%, Rhea 21.4%) and agree most on Love (42.1% and 44.7%)."
 */
export function sideBySideSentence(
  firstLabel: string,
  first: Readonly<ValueScores>,
  secondLabel: string,
  second: Readonly<ValueScores>,
): string {
  const { differMost, agreeMost } = gapsBetween(first, second);
  const both = `${firstLabel} and ${secondLabel}`;
  if (differMost.gap <= SAME_GAP) return `${both} stand in the same place: all four shares are equal.`;
  if (differMost.gap - agreeMost.gap <= SAME_GAP) {
    return `${both} are ${formatPoints(differMost.gap)} apart on every value alike.`;
  }
  const differ = `${VALUE_LABELS[differMost.value]} (${firstLabel} ${formatPercent(differMost.first)}, ${secondLabel} ${formatPercent(differMost.second)})`;
  const agree =
    agreeMost.gap <= SAME_GAP
      ? `${VALUE_LABELS[agreeMost.value]} (both ${formatPercent(agreeMost.first)})`
      : `${VALUE_LABELS[agreeMost.value]} (${formatPercent(agreeMost.first)} and ${formatPercent(agreeMost.second)})`;
  return `${both} differ most on ${differ} and agree most on ${agree}.`;
}

/** A gap between two shares in percentage points, with the results page's one decimal. */
function formatPoints(gap: number): string {
  return `${(gap * 100).toFixed(1)} points`;
}

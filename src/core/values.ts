/** The four ideals, in the order every table, chart and row uses. */
export const VALUES = ['love', 'duty', 'honor', 'reason'] as const;
export type Value = (typeof VALUES)[number];

export const VALUE_LABELS: Record<Value, string> = {
  love: 'Love',
  duty: 'Duty',
  honor: 'Honor',
  reason: 'Reason',
};

/** One number per value: a score, a total, a share. */
export type ValueScores = Record<Value, number>;

export function zeroScores(): ValueScores {
  return { love: 0, duty: 0, honor: 0, reason: 0 };
}

/**
 * Denominators of the saved, normalized values (responses.*_normalized).
 * Reason is 17 here but 15 on the results page; the first build did so and
 * both readings are kept on purpose.
 */
export const SAVED_DENOMINATORS: ValueScores = { love: 19, duty: 17, honor: 14, reason: 17 };

/**
 * Denominators of the results-page percentages and the plotted position.
 * They equal the highest total each value can reach, so no share passes 100%.
 */
export const RESULT_DENOMINATORS: ValueScores = { love: 19, duty: 17, honor: 14, reason: 15 };

/** A normalized value at or above this falls in the "high" half of a quadrant split. */
export const QUADRANT_SPLIT = 0.5;

/** The scores an answer may give a value. */
export const ALLOWED_SCORES = [0, 0.5, 1, 2, 3] as const;

/** Sizes and timings of what the quiz shows, as the spec gives them (the browser tests write the spec's figures themselves), and how counts are printed. */

/** Fade between questions, in milliseconds. */
export const QUESTION_FADE_MS = 300;

/** Size of the "How Do You Compare?" bar chart, in CSS pixels. */
export const COMPARE_CHART_SIZE = { width: 400, height: 250 } as const;

/**
 * A count as every page prints it: 5,000 rather than 5000. Grouped by hand:
 * a page's first Intl.NumberFormat loads locale data in one task of tens of
 * milliseconds on a phone, for a comma every three digits.
 */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

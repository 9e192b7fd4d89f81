/** Sizes and timings of what the quiz shows, as the spec gives them; the browser tests write the spec's figures themselves. */

/** Fade between questions, in milliseconds. */
export const QUESTION_FADE_MS = 300;

/** Size of the "How Do You Compare?" bar chart, in CSS pixels. */
export const COMPARE_CHART_SIZE = { width: 400, height: 250 } as const;

/** Quiz constants shared by the islands, the tests and the scripts. */

/** A name that switches on test mode: nothing is sent. */
export const TEST_MODE_NAME = '123';

/** Longest name the database accepts, after trimming. */
export const NAME_MAX_LENGTH = 50;

/** Fade between questions, in milliseconds. */
export const QUESTION_FADE_MS = 300;

/** Size of the "How Do You Compare?" bar chart, in CSS pixels. */
export const COMPARE_CHART_SIZE = { width: 400, height: 250 } as const;

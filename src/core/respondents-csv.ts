/**
 * The hidden page's download: one line per respondent (name, time, the four
 * normalized values), written as RFC 4180 reads it and safe to open in a
 * spreadsheet.
 */

/** A respondent as export_respondents returns it; name null when anonymous or erased. */
export type RespondentRow = [
  name: string | null,
  time: string,
  love: number,
  duty: number,
  honor: number,
  reason: number,
];

export const RESPONDENTS_CSV_COLUMNS = [
  'name',
  'time',
  'love_normalized',
  'duty_normalized',
  'honor_normalized',
  'reason_normalized',
] as const;

/** Lets a spreadsheet read the file as UTF-8, so that names keep their accents. */
export const CSV_BOM = '\uFEFF';
const LINE_END = '\r\n';

/**
 * A spreadsheet runs a cell that starts with one of these as a formula: a
 * name such as `=HYPERLINK(...)` would act when the file is opened. A quote
 * in front keeps it text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * Besides the comma, the list separators spreadsheets use in other locales
 * (a semicolon across much of Europe, a tab): a name holding one, written
 * bare, would be split there, and its second cell could start a formula.
 */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** One text field: guarded against formulas, quoted when it holds a separator, a quote or a line break. */
export function csvText(text: string): string {
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function respondentsCsvHeader(): string {
  return CSV_BOM + RESPONDENTS_CSV_COLUMNS.join(',') + LINE_END;
}

/** The lines of a page of rows, each ending in CRLF; an anonymous name is an empty field. */
export function respondentsCsvLines(rows: readonly RespondentRow[]): string {
  let text = '';
  for (const [name, time, love, duty, honor, reason] of rows) {
    text += `${name === null ? '' : csvText(name)},${csvText(time)},${love},${duty},${honor},${reason}${LINE_END}`;
  }
  return text;
}

/** e.g. respondents-2026-11-26.csv, by the day in UTC. */
export function respondentsCsvFileName(now: Date): string {
  return `respondents-${now.toISOString().slice(0, 10)}.csv`;
}

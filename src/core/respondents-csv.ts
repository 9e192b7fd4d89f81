/**
 * The hidden page's download: one line per respondent (name, time, the four
 * percentages the results screen showed, the four normalized values as
 * saved), written as RFC 4180 reads it and safe to open in a spreadsheet.
 */
import { percentFigure, resultShares } from './scoring.ts';
import { VALUES } from './values.ts';

/** A respondent as export_respondents returns it: raw totals, then the saved normalized values; name null when anonymous or erased. */
export type RespondentRow = [
  name: string | null,
  time: string,
  love: number,
  duty: number,
  honor: number,
  reason: number,
  loveNormalized: number,
  dutyNormalized: number,
  honorNormalized: number,
  reasonNormalized: number,
];

/**
 * Both readings, each column saying which: the results screen's percentages
 * (Reason over 15, as every chart shows them) and the saved columns (Reason
 * over 17, as the database keeps them).
 */
export const RESPONDENTS_CSV_COLUMNS = [
  'name',
  'time',
  ...VALUES.map((v) => `${v}_percent_results_screen` as const),
  ...VALUES.map((v) => `${v}_normalized_as_saved` as const),
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
  for (const [name, time, love, duty, honor, reason, ...saved] of rows) {
    const shares = resultShares({ love, duty, honor, reason });
    const percents = VALUES.map((v) => percentFigure(shares[v])).join(',');
    text += `${name === null ? '' : csvText(name)},${csvText(time)},${percents},${saved.join(',')}${LINE_END}`;
  }
  return text;
}

/** e.g. respondents-2026-11-26.csv, by the day in UTC. */
export function respondentsCsvFileName(now: Date): string {
  return `respondents-${now.toISOString().slice(0, 10)}.csv`;
}

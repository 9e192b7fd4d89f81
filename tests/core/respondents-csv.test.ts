import { describe, expect, it } from 'vitest';
import {
  CSV_BOM,
  RESPONDENTS_CSV_COLUMNS,
  csvText,
  respondentsCsvFileName,
  respondentsCsvHeader,
  respondentsCsvLines,
  type RespondentRow,
} from '../../src/core/respondents-csv.ts';
import { parseCsv } from '../support/csv.ts';

const TIME = '2026-11-26T15:20:11Z';

describe('the respondents CSV', () => {
  it('leaves a plain name as it is', () => {
    expect(csvText('Zoë Ødegård')).toBe('Zoë Ødegård');
  });

  it.each([
    ['a comma', 'Smith, Ann', '"Smith, Ann"'],
    ['quotes', 'Ann "the bold"', '"Ann ""the bold"""'],
    ['a line break', 'Ann\nSmith', '"Ann\nSmith"'],
    ['a carriage return', 'Ann\rSmith', '"Ann\rSmith"'],
  ])('quotes a name with %s', (_label, name, field) => {
    expect(csvText(name)).toBe(field);
  });

  it.each(['=HYPERLINK("http://x","y")', '+1 555 0100', '-2+3', '@SUM(A1)', '\tTabbed', '\rReturn'])(
    'keeps %j from running as a formula, and still reads back as the name behind a quote',
    (name) => {
      const field = csvText(name);
      expect(field).not.toMatch(/^"?[=+\-@\t\r]/);
      expect(parseCsv(`${field},x\r\n`)[0]![0]).toBe(`'${name}`);
    },
  );

  it.each([
    ['a semicolon', 'Smith; Ann', '"Smith; Ann"'],
    ['a tab', 'Ann\tSmith', '"Ann\tSmith"'],
  ])('quotes a name with %s, a list separator of other locales', (_label, name, field) => {
    expect(csvText(name)).toBe(field);
  });

  it.each([',', ';', '\t'])('leaves no cell starting a formula when read with %j as the separator', (separator) => {
    for (const name of [`x;=cmd|' /C calc'!A0;`, 'Ann;+1', 'a,=1', 'tab\t@SUM(A1)', '=cmd;=cmd']) {
      const line = respondentsCsvLines([[name, TIME, 1, 2, 3, 4, 1 / 19, 2 / 17, 3 / 14, 4 / 17]]);
      for (const cell of parseCsv(line, separator)[0]!)
        expect(cell, `${name} read with ${separator}`).not.toMatch(/^[=+\-@]/);
      expect(parseCsv(line)[0]![0], name).toBe(name.startsWith('=') ? `'${name}` : name);
    }
  });

  it('keeps emoji sequences whole: joined, with skin tones, flags of tags, keycaps', () => {
    const names = [
      '\u{1F469}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466} Family',
      'Ann \u{1F469}\u{1F3FD}\u200D\u{1F680}',
      '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} Scot',
      'Bo \u{1F1EF}\u{1F1F5}, 1\uFE0F\u20E3',
    ];
    const text =
      respondentsCsvHeader() +
      respondentsCsvLines(names.map((name): RespondentRow => [name, TIME, 1, 2, 3, 4, 1 / 19, 2 / 17, 3 / 14, 4 / 17]));
    expect(
      parseCsv(text.slice(CSV_BOM.length))
        .slice(1)
        .map((row) => row[0]),
    ).toEqual(names);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(new TextEncoder().encode(text))).toBe(text);
  });

  it('does not guard a name that only holds such a sign further on', () => {
    expect(csvText('Ann-Marie = Ann')).toBe('Ann-Marie = Ann');
  });

  it('writes a header and one CRLF line per row that a CSV reader reads back field for field', () => {
    const rows: RespondentRow[] = [
      ['Ann, "A"\nSmith', TIME, 10, 6, 14, 0, 10 / 19, 6 / 17, 1, 0],
      [null, TIME, 0, 1.5, 2.5, 4, 0, 1.5 / 17, 2.5 / 14, 4 / 17],
      ['=cmd', TIME, 19, 17, 14, 15, 1, 1, 1, 15 / 17],
    ];
    const text = respondentsCsvHeader() + respondentsCsvLines(rows);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(parseCsv(text.slice(CSV_BOM.length))).toEqual([
      [...RESPONDENTS_CSV_COLUMNS],
      ['Ann, "A"\nSmith', TIME, '52.6', '35.3', '100.0', '0.0', String(10 / 19), String(6 / 17), '1', '0'],
      ['', TIME, '0.0', '8.8', '17.9', '26.7', '0', String(1.5 / 17), String(2.5 / 14), String(4 / 17)],
      ["'=cmd", TIME, '100.0', '100.0', '100.0', '100.0', '1', '1', '1', String(15 / 17)],
    ]);
  });

  it('says in each column which reading it holds: the results screen percentages, then the saved values', () => {
    expect(RESPONDENTS_CSV_COLUMNS).toEqual([
      'name',
      'time',
      'love_percent_results_screen',
      'duty_percent_results_screen',
      'honor_percent_results_screen',
      'reason_percent_results_screen',
      'love_normalized_as_saved',
      'duty_normalized_as_saved',
      'honor_normalized_as_saved',
      'reason_normalized_as_saved',
    ]);
  });

  it('writes nothing for no rows', () => {
    expect(respondentsCsvLines([])).toBe('');
  });

  it('names the file by the day in UTC', () => {
    expect(respondentsCsvFileName(new Date('2026-11-26T23:59:59Z'))).toBe('respondents-2026-11-26.csv');
  });
});

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

  it('does not guard a name that only holds such a sign further on', () => {
    expect(csvText('Ann-Marie = Ann')).toBe('Ann-Marie = Ann');
  });

  it('writes a header and one CRLF line per row that a CSV reader reads back field for field', () => {
    const rows: RespondentRow[] = [
      ['Ann, "A"\nSmith', TIME, 0.5263157894736842, 0.35294117647058826, 1, 0],
      [null, TIME, 0, 0.1, 0.2, 0.3],
      ['=cmd', TIME, 1, 1, 1, 1],
    ];
    const text = respondentsCsvHeader() + respondentsCsvLines(rows);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(parseCsv(text.slice(CSV_BOM.length))).toEqual([
      [...RESPONDENTS_CSV_COLUMNS],
      ['Ann, "A"\nSmith', TIME, '0.5263157894736842', '0.35294117647058826', '1', '0'],
      ['', TIME, '0', '0.1', '0.2', '0.3'],
      ["'=cmd", TIME, '1', '1', '1', '1'],
    ]);
  });

  it('writes nothing for no rows', () => {
    expect(respondentsCsvLines([])).toBe('');
  });

  it('names the file by the day in UTC', () => {
    expect(respondentsCsvFileName(new Date('2026-11-26T23:59:59Z'))).toBe('respondents-2026-11-26.csv');
  });
});

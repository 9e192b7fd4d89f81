import { afterEach, describe, expect, it, vi } from 'vitest';
import { CSV_BOM, RESPONDENTS_CSV_COLUMNS, type RespondentRow } from '../../src/core/respondents-csv.ts';
import type { RespondentsPage } from '../../src/lib/api.ts';
import {
  $csvDownload,
  RESPONDENTS_PAGE_SIZE,
  downloadRespondentsCsv,
  type CsvDownload,
} from '../../src/stores/respondents-csv.ts';
import { parseCsv } from '../support/csv.ts';

const row = (i: number): RespondentRow => [
  i % 2 ? `R${i}` : null,
  '2026-11-26T15:00:00Z',
  i % 20,
  0,
  7,
  15,
  (i % 20) / 19,
  0,
  0.5,
  15 / 17,
];

/** A backend of `total` rows, served `size` at a time, as export_respondents pages them. */
function backend(total: number, fail?: (call: number) => boolean) {
  const asked: (number | null)[] = [];
  const fetchPage = vi.fn(async (after: number | null, size: number): Promise<RespondentsPage> => {
    asked.push(after);
    await Promise.resolve();
    if (fail?.(asked.length)) throw new Error('offline');
    const from = (after ?? 0) + 1;
    const ids = Array.from({ length: Math.max(0, Math.min(size, total - from + 1)) }, (_, k) => from + k);
    return { total, rows: ids.map(row), next: ids.length === size ? ids.at(-1)! : null };
  });
  return { asked, fetchPage };
}

afterEach(() => $csvDownload.set({ status: 'idle' }));

describe('the respondents CSV download', () => {
  it('fetches page after page with the last id, then saves one file of every row', async () => {
    const total = 2 * RESPONDENTS_PAGE_SIZE + 3;
    const { asked, fetchPage } = backend(total);
    const saved: { file: Blob; name: string }[] = [];
    const states: CsvDownload[] = [];
    const unlisten = $csvDownload.listen((s) => states.push(s));
    const outcome = await downloadRespondentsCsv({
      fetchPage,
      save: (file, name) => saved.push({ file, name }),
      now: () => new Date('2026-11-26T10:00:00Z'),
    });
    unlisten();
    expect(outcome).toBe('done');
    expect(asked).toEqual([null, RESPONDENTS_PAGE_SIZE, 2 * RESPONDENTS_PAGE_SIZE]);
    expect(fetchPage.mock.calls.every(([, size]) => size === RESPONDENTS_PAGE_SIZE)).toBe(true);
    expect(states).toEqual([
      { status: 'running', rows: 0, total: 0 },
      { status: 'running', rows: RESPONDENTS_PAGE_SIZE, total },
      { status: 'running', rows: 2 * RESPONDENTS_PAGE_SIZE, total },
      { status: 'running', rows: total, total },
      { status: 'done', rows: total },
    ]);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('respondents-2026-11-26.csv');
    expect(saved[0]!.file.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await saved[0]!.file.arrayBuffer());
    // The byte order mark, which a spreadsheet reads as "this is UTF-8".
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    const lines = parseCsv(text.slice(CSV_BOM.length));
    expect(lines[0]).toEqual([...RESPONDENTS_CSV_COLUMNS]);
    expect(lines).toHaveLength(total + 1);
    expect(lines.slice(1).map((l) => l[0])).toEqual(
      Array.from({ length: total }, (_, k) => ((k + 1) % 2 ? `R${k + 1}` : '')),
    );
  });

  it('saves nothing and says so when a page fails', async () => {
    const { fetchPage } = backend(3 * RESPONDENTS_PAGE_SIZE, (call) => call === 2);
    const save = vi.fn();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await downloadRespondentsCsv({ fetchPage, save, now: () => new Date() })).toBe('failed');
    expect(error).toHaveBeenCalledWith('Error downloading respondents', expect.any(Error));
    error.mockRestore();
    expect(save).not.toHaveBeenCalled();
    expect($csvDownload.get()).toEqual({ status: 'failed', rows: RESPONDENTS_PAGE_SIZE });
  });

  it('runs one download at a time', async () => {
    const { fetchPage } = backend(5);
    const save = vi.fn();
    const first = downloadRespondentsCsv({ fetchPage, save, now: () => new Date() });
    expect(await downloadRespondentsCsv({ fetchPage, save, now: () => new Date() })).toBe('running');
    expect(await first).toBe('done');
    expect(save).toHaveBeenCalledTimes(1);
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });
});

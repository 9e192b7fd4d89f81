/**
 * The hidden page's CSV download: every respondent, fetched a page at a
 * time with the password the page was unlocked with. Each slice of a page
 * becomes a Blob of its own as it arrives, so the page's memory holds one
 * page of text at a time, however many rows there are (the browser keeps
 * the parts and joins them into the file at the end), and the page gets a
 * turn between slices.
 */
import { atom } from 'nanostores';
import { respondentsCsvFileName, respondentsCsvHeader, respondentsCsvLines } from '../core/respondents-csv.ts';
import type { RespondentsPage } from '../lib/api.ts';
import { saveFile } from '../lib/save-file.ts';
import { yieldToPage } from '../lib/yield.ts';
import { fetchUnlockedRespondentsPage } from './hidden-page.ts';

/** Rows asked per call: export_respondents takes at most 10,000. */
export const RESPONDENTS_PAGE_SIZE = 10_000;

/**
 * Rows written between two turns of the page: a whole page of rows written
 * in one task held the page too long on a busy machine.
 */
const ROWS_PER_TURN = 2_000;

export type CsvDownload =
  | { status: 'idle' }
  | { status: 'running'; rows: number; total: number }
  | { status: 'done'; rows: number }
  | { status: 'failed'; rows: number };

export const $csvDownload = atom<CsvDownload>({ status: 'idle' });

interface CsvDownloadDeps {
  fetchPage: (afterId: number | null, pageSize: number) => Promise<RespondentsPage>;
  save: (file: Blob, fileName: string) => void;
  now: () => Date;
}

const browser: CsvDownloadDeps = { fetchPage: fetchUnlockedRespondentsPage, save: saveFile, now: () => new Date() };

/** Fetches every page, then saves the file; a failed page fails the download and saves nothing. */
export async function downloadRespondentsCsv(deps: CsvDownloadDeps = browser): Promise<CsvDownload['status']> {
  if ($csvDownload.get().status === 'running') return 'running';
  const parts: Blob[] = [new Blob([respondentsCsvHeader()])];
  let rows = 0;
  let after: number | null = null;
  $csvDownload.set({ status: 'running', rows, total: 0 });
  try {
    do {
      const page: RespondentsPage = await deps.fetchPage(after, RESPONDENTS_PAGE_SIZE);
      for (let start = 0; start < page.rows.length; start += ROWS_PER_TURN) {
        await yieldToPage();
        parts.push(new Blob([respondentsCsvLines(page.rows.slice(start, start + ROWS_PER_TURN))]));
      }
      rows += page.rows.length;
      after = page.next;
      $csvDownload.set({ status: 'running', rows, total: Math.max(page.total, rows) });
    } while (after !== null);
  } catch (error) {
    console.error('Error downloading respondents', error);
    $csvDownload.set({ status: 'failed', rows });
    return 'failed';
  }
  deps.save(new Blob(parts, { type: 'text/csv;charset=utf-8' }), respondentsCsvFileName(deps.now()));
  $csvDownload.set({ status: 'done', rows });
  return 'done';
}

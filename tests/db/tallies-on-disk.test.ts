/**
 * Each save rewrites every answer's count, so the count rows all carry the
 * save's transaction; but the versions a save replaced stay in the table's
 * file, and comparing old and new counts tells which answers it chose. The
 * hourly run rewrites the counts, so after it each count is in the file once.
 */
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { QUESTIONS } from '../../src/core/questions.ts';
import { openDatabase } from '../../server/db/open.ts';
import { eraseExpiredNamesHourly } from '../../server/retention.ts';
import { callAsAnon } from '../support/db-engines.ts';
import { nthChoices } from '../support/random-answers.ts';

/** How many times `text` (UTF-8) stands in the file. */
function occurrences(file: string, text: string): number {
  const bytes = readFileSync(file);
  const needle = Buffer.from(text, 'utf8');
  let count = 0;
  for (let at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + 1)) count += 1;
  return count;
}

/** An answer no other question offers, so its text in the file is that count's row. */
const UNIQUE_ANSWER = QUESTIONS.flatMap((q) => q.answers.map((a) => a.text)).find(
  (text, _, all) => all.filter((t) => t === text).length === 1,
)!;

describe('answer counts on disk [pglite]', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mc-tallies-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('hold each count once after the hourly run, so no earlier version tells what a save changed', async () => {
    cpSync(inject('migratedDataDir'), dir, { recursive: true });
    const db = await openDatabase({ dataDir: dir });
    try {
      for (let i = 0; i < 3; i++) {
        await callAsAnon(db, 'submit_response', { submission_id: randomUUID(), name: null, answers: nthChoices(i) });
      }
      const [where] = await db.query<{ file: string }>("select pg_relation_filepath('public.answer_counts') as file");
      await db.exec('checkpoint');
      // The test sees the versions where they lie: three saves left several.
      expect(occurrences(join(dir, where!.file), UNIQUE_ANSWER)).toBeGreaterThan(1);
      const hourly = await eraseExpiredNamesHourly(db, { log: { info: () => undefined, error: expect.fail } });
      hourly.stop();
      const [after] = await db.query<{ file: string }>("select pg_relation_filepath('public.answer_counts') as file");
      await db.exec('checkpoint');
      expect(occurrences(join(dir, after!.file), UNIQUE_ANSWER)).toBe(1);
    } finally {
      await db.close();
    }
  });
});

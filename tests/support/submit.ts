/** submit_response as the anonymous visitor calls it, and the scores the row it stored holds. */
import { randomUUID } from 'node:crypto';
import type { AnswerChoice } from '../../src/core/scoring.ts';
import type { Database } from '../../server/db/engine.ts';
import { callAsAnon } from './db-engines.ts';

export interface StoredScores {
  submission_id: string;
  love: number;
  duty: number;
  honor: number;
  reason: number;
  love_normalized: number;
  duty_normalized: number;
  honor_normalized: number;
  reason_normalized: number;
}

/** Arguments are `unknown` so that tests can send malformed ones too. */
export async function submit(
  db: Database,
  answers: unknown,
  name: unknown = null,
  submission_id: unknown = randomUUID(),
  withdrawal_secret?: unknown,
): Promise<StoredScores> {
  const args = withdrawal_secret === undefined ? {} : { withdrawal_secret };
  // Read from the row the answer names: the function answers with the id alone (before 20261126100000, the scores too).
  const { submission_id: id } = await callAsAnon<{ submission_id: string }>(db, 'submit_response', {
    submission_id,
    name,
    answers,
    ...args,
  });
  const [row] = await db.query<StoredScores>(
    `select submission_id::text, love, duty, honor, reason,
            love_normalized, duty_normalized, honor_normalized, reason_normalized
     from public.responses where submission_id = $1`,
    [id],
  );
  if (!row) throw new Error(`submit_response answered ${id}, which no row holds`);
  return row;
}

/**
 * Submits every answer set, `batch` at a time in parallel, so that
 * concurrent calls meet in the database; `nameOf` names the i-th respondent.
 */
export async function submitInBatches(
  db: Database,
  sets: readonly AnswerChoice[][],
  batch: number,
  nameOf: (i: number) => string,
): Promise<void> {
  for (let i = 0; i < sets.length; i += batch) {
    await Promise.all(sets.slice(i, i + batch).map((answers, j) => submit(db, answers, nameOf(i + j))));
  }
}

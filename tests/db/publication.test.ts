/**
 * The public figures in batches (supabase/schemas/45_publication.sql), on
 * both engines at the product's batch of ten: a batch goes out with the
 * save or withdrawal that completes it, what goes out is exact, a reader of
 * the database finds no published row a save wrote once the upkeep has run,
 * and a deploy from the schema before keeps every count.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { PUBLISH_BATCH } from '../../src/core/publication.ts';
import type { AnswerChoice } from '../../src/core/scoring.ts';
import type { HiddenPageInsights, Insights, PublishedShares } from '../../src/lib/api.ts';
import type { Database } from '../../server/db/engine.ts';
import { migrate, readMigrations } from '../../server/db/migrate.ts';
import { callAsAnon, forEachEngine, forEachUnmigratedEngine } from '../support/db-engines.ts';
import { randomChoices, seededRandom } from '../support/random-answers.ts';

/** The version that brought the batches. */
const BATCHES = '20261207224000';

async function productBatch(db: Database): Promise<void> {
  // The tests' databases publish every save (tests/support/run-fixtures.ts); these run on the product's batch.
  await db.query("delete from private.settings where name = 'publish_batch'");
}

async function publication(db: Database): Promise<{ batch: number; pending: number }> {
  const [row] = await db.query<{ batch: number; pending: number }>(
    'select batch::int as batch, pending::int as pending from private.publication',
  );
  return row!;
}

interface Saved {
  id: string;
  secret: string;
  answers: AnswerChoice[];
  batch: number;
}

async function saveSome(db: Database, count: number, seed: number, name = 'Batched'): Promise<Saved[]> {
  const random = seededRandom(seed);
  const saved: Saved[] = [];
  for (let i = 0; i < count; i++) {
    const s = { id: randomUUID(), secret: randomBytes(32).toString('hex'), answers: randomChoices(random) };
    const { batch } = await callAsAnon<{ batch: number }>(db, 'submit_response', {
      submission_id: s.id,
      name: `${name} ${i}`,
      answers: s.answers,
      withdrawal_secret: s.secret,
    });
    saved.push({ ...s, batch });
  }
  return saved;
}

forEachEngine('the public figures, published in batches of ten', ({ db }) => {
  it('goes out with the tenth save or withdrawal, which each count, and only then', async () => {
    await productBatch(db());
    expect(PUBLISH_BATCH).toBe(10);
    const first = await saveSome(db(), 9, 1);
    expect(first.map((s) => s.batch)).toEqual(Array(9).fill(1));
    expect(await publication(db())).toEqual({ batch: 0, pending: 9 });
    expect((await callAsAnon<Insights>(db(), 'insights')).count).toBe(0);

    // A withdrawal is the tenth change: the batch goes out without the row it took back.
    const taken = first[0]!;
    expect(
      await callAsAnon(db(), 'withdraw_response', { submission_id: taken.id, secret: taken.secret }),
    ).toMatchObject({ withdrawn: true });
    expect(await publication(db())).toEqual({ batch: 1, pending: 0 });
    const insights = await callAsAnon<Insights>(db(), 'insights');
    expect({ count: insights.count, points: insights.points.raw.length, batch: insights.batch }).toEqual({
      count: 8,
      points: 8,
      batch: 1,
    });

    // The next save says batch 2, and changes nothing seen.
    const [next] = await saveSome(db(), 1, 2);
    expect(next!.batch).toBe(2);
    expect(await callAsAnon<Insights>(db(), 'insights')).toEqual(insights);
  });
});

forEachEngine('the public figures, published whole', ({ db }) => {
  it('publishes exactly what the rows hold: the hidden page reads the same figures live', async () => {
    await productBatch(db());
    await saveSome(db(), 20, 3);
    await db().query('select public.set_hidden_page_password($1)', ['a password long enough']);
    const live = await callAsAnon<HiddenPageInsights>(db(), 'hidden_page_insights', {
      password: 'a password long enough',
    });
    const published = await callAsAnon<Insights>(db(), 'insights');
    expect(published.count).toBe(20);
    expect({ ...published, batch: null }).toEqual({
      ...live,
      points: { kind: live.points.kind, total: live.points.total, raw: live.points.raw },
    });
    const shares = await callAsAnon<PublishedShares>(db(), 'answer_shares');
    expect(shares).toEqual({ batch: published.batch, questions: published.answer_shares });
  });
});

/** Every published table with a row that shares its transaction id with a response, and the names it pairs. */
async function publishedRowsSharingASave(db: Database): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const table of [
    'private.publication',
    'private.published_summary',
    'private.published_quadrants',
    'private.published_answer_counts',
  ]) {
    const rows = await db.query<{ name: string | null }>(
      `select distinct r.name from public.responses r join ${table} t on t.xmin = r.xmin`,
    );
    if (rows.length > 0) found[table] = rows.map((r) => r.name ?? '(anonymous)');
  }
  return found;
}

/** The live tallies less the published ones: the answers of the saves not yet published, together. */
async function unpublishedAnswers(db: Database): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select coalesce(sum(l.count - coalesce(p.count, 0)), 0)::int as n
     from public.answer_counts l left join private.published_answer_counts p using (question_id, answer_text)`,
  );
  return row!.n;
}

forEachEngine('the published copy, read with full SQL', ({ db }) => {
  it('names the save that completed a batch before the upkeep, and no save after it', async () => {
    await productBatch(db());
    await saveSome(db(), 10, 4, 'Inside');
    expect(await publishedRowsSharingASave(db())).toEqual({
      'private.publication': ['Inside 9'],
      'private.published_summary': ['Inside 9'],
      'private.published_quadrants': ['Inside 9'],
      'private.published_answer_counts': ['Inside 9'],
    });
    await db().query('select private.rewrite_save_traces()');
    expect(await publishedRowsSharingASave(db())).toEqual({});
    // With the batch out, the live tallies and the published ones are the same: nothing stands apart.
    expect(await unpublishedAnswers(db())).toBe(0);
  });
});

forEachEngine('the saves waiting for their batch, read with full SQL', ({ db }) => {
  it('can be told from the rest by such a reader, as /privacy says', async () => {
    await productBatch(db());
    await saveSome(db(), 10, 5);
    const [waiting] = await saveSome(db(), 1, 6, 'Waiting');
    await db().query('select private.rewrite_save_traces()');
    // One save since the batch: its twelve answers are the difference, until nine more go out with it.
    expect(waiting!.batch).toBe(2);
    expect(await unpublishedAnswers(db())).toBe(12);
  });
});

forEachUnmigratedEngine('a deploy from the schema before the batches', ({ db }) => {
  it('publishes every response already stored as its first batch: no count lost', async () => {
    const migrations = readMigrations();
    await migrate(
      db(),
      migrations.filter((m) => m.version < BATCHES),
    );
    const random = seededRandom(7);
    for (let i = 0; i < 7; i++) {
      await callAsAnon(db(), 'submit_response', {
        submission_id: randomUUID(),
        name: `Before ${i}`,
        answers: randomChoices(random),
      });
    }
    const before = await callAsAnon<Insights>(db(), 'insights');
    await migrate(db(), migrations);
    expect(await publication(db())).toEqual({ batch: 1, pending: 0 });
    const after = await callAsAnon<Insights>(db(), 'insights');
    expect(after).toEqual({ ...before, batch: 1 });
    expect(after.count).toBe(7);
  });
});

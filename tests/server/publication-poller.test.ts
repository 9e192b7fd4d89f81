/**
 * An outsider who polls the public API around each of a series of saves,
 * over real HTTP (POST and read-only GET), on both engines, at the
 * product's batch of ten: every look at the figures, the dots and the
 * answer shares is the same as the one before, or differs by a whole batch
 * of ten saves. No save's twelve answers or dot ever stand alone in a
 * difference, so none can be paired with the name the hidden page gives.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PUBLISH_BATCH } from '../../src/core/publication.ts';
import type { Insights, PublishedShares, ResponseStats } from '../../src/lib/api.ts';
import { buildApp } from '../../server/app.ts';
import { forEachEngine } from '../support/db-engines.ts';
import { listenLocally } from '../support/listen.ts';
import { randomChoices, seededRandom } from '../support/random-answers.ts';

const SAVES = 25;

/** What one look at the public API shows. */
interface Look {
  stats: ResponseStats;
  shares: PublishedShares;
  insights: Insights;
  sharesByGet: PublishedShares;
}

/** Each answer's count, keyed "question|answer". */
function talliesOf(shares: PublishedShares): Map<string, number> {
  return new Map(shares.questions.flatMap((q) => q.answers.map((a) => [`${q.question_id}|${a.answer_text}`, a.count])));
}

/** How many answers each question gained between two looks: one figure per question. */
function gainedPerQuestion(before: PublishedShares, after: PublishedShares): number[] {
  return after.questions.map((q, i) => q.total - before.questions[i]!.total);
}

/** The points of `after` that `before` lacks, as a multiset difference. */
function newPoints(before: Insights, after: Insights): string[] {
  const left = new Map<string, number>();
  for (const p of before.points.raw) left.set(JSON.stringify(p), (left.get(JSON.stringify(p)) ?? 0) + 1);
  return after.points.raw
    .map((p) => JSON.stringify(p))
    .filter((key) => {
      const n = left.get(key) ?? 0;
      if (n > 0) left.set(key, n - 1);
      return n === 0;
    });
}

forEachEngine('an outside poller around each save, at the batch of ten', (ctx) => {
  let app: FastifyInstance;
  let base: string;
  const random = seededRandom(52);
  const looks: Look[] = [];
  const batchesSaid: number[] = [];

  async function call<T>(fn: string, method: 'GET' | 'POST'): Promise<T> {
    const res = await fetch(`${base}/rest/v1/rpc/${fn}`, {
      method,
      ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
    });
    expect(res.status, `${method} ${fn}`).toBe(200);
    return (await res.json()) as T;
  }

  async function look(): Promise<Look> {
    return {
      stats: await call<ResponseStats>('response_stats', 'POST'),
      shares: await call<PublishedShares>('answer_shares', 'POST'),
      insights: await call<Insights>('insights', 'GET'),
      sharesByGet: await call<PublishedShares>('answer_shares', 'GET'),
    };
  }

  beforeAll(async () => {
    // The product's batch: the tests' databases publish every save (tests/support/run-fixtures.ts).
    await ctx.db().query("delete from private.settings where name = 'publish_batch'");
    app = await buildApp({ db: ctx.db() });
    base = `http://127.0.0.1:${await listenLocally(app)}`;
    looks.push(await look());
    for (let i = 0; i < SAVES; i++) {
      const res = await fetch(`${base}/rest/v1/rpc/submit_response`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          submission_id: crypto.randomUUID(),
          name: `Saver ${i}`,
          answers: randomChoices(random),
        }),
      });
      expect(res.status).toBe(200);
      batchesSaid.push(((await res.json()) as { batch: number }).batch);
      looks.push(await look());
    }
  }, 300_000);
  afterAll(async () => {
    await app?.close();
  });

  it('sees each look equal to the one before, or a whole batch of ten saves more', () => {
    expect(PUBLISH_BATCH).toBe(10);
    const steps = looks.slice(1).map((after, i) => {
      const before = looks[i]!;
      const gained = gainedPerQuestion(before.shares, after.shares);
      return {
        batch: after.stats.batch - before.stats.batch,
        count: after.stats.count - before.stats.count,
        insightsCount: after.insights.count - before.insights.count,
        gained: [...new Set(gained)],
        points: newPoints(before.insights, after.insights).length,
      };
    });
    const none = { batch: 0, count: 0, insightsCount: 0, gained: [0], points: 0 };
    const whole = { batch: 1, count: 10, insightsCount: 10, gained: [10], points: 10 };
    // Saves 10 and 20 complete a batch; every other save changes nothing anyone outside sees.
    expect(steps).toEqual(steps.map((_, i) => ((i + 1) % PUBLISH_BATCH === 0 ? whole : none)));
  });

  it('never shows a difference that is one save: no twelve answers and no dot of their own', () => {
    for (let i = 1; i < looks.length; i++) {
      const before = talliesOf(looks[i - 1]!.shares);
      const after = talliesOf(looks[i]!.shares);
      const moved = [...after].reduce((sum, [key, n]) => sum + (n - (before.get(key) ?? 0)), 0);
      expect([0, 10 * 12]).toContain(moved);
      expect([0, 10]).toContain(newPoints(looks[i - 1]!.insights, looks[i]!.insights).length);
    }
  });

  it('shows the same by GET as by POST, and publishes 20 of 25 saves with 5 waiting', async () => {
    for (const l of looks) expect(l.sharesByGet).toEqual(l.shares);
    const last = looks.at(-1)!;
    expect(last.stats.count).toBe(20);
    expect(last.insights.points.raw).toHaveLength(20);
    const [row] = await ctx
      .db()
      .query<{ batch: number; pending: number }>(
        'select batch::int as batch, pending::int as pending from private.publication',
      );
    expect(row).toEqual({ batch: 2, pending: 5 });
  });

  it('told each saver the batch that publishes its save', () => {
    expect(batchesSaid).toEqual(Array.from({ length: SAVES }, (_, i) => Math.floor(i / PUBLISH_BATCH) + 1));
  });
});

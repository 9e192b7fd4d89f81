/**
 * The per-address submission cap over real HTTP, on both engines: a client
 * that sends a different forged address header with every save is still
 * one client, because the server sets the header the database reads.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { forEachEngine } from '../support/db-engines.ts';
import { listenLocally } from '../support/listen.ts';
import { seededRandom, randomChoices } from '../support/random-answers.ts';
import { FORGED_ADDRESS_HEADERS } from '../support/request.ts';

const CAP = 60;

forEachEngine('a client forging its address still meets the submission cap', (ctx) => {
  let direct: FastifyInstance;
  let proxied: FastifyInstance;
  const random = seededRandom(15);

  beforeAll(async () => {
    direct = await buildApp({ db: ctx.db() });
    // Configured behind proxies the test client is not one of.
    proxied = await buildApp({ db: ctx.db(), trustProxy: '10.0.0.0/8' });
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  /** The i-th save, claiming the i-th made-up address in one of the headers in turn; returns the status. */
  async function save(port: number, i: number): Promise<number> {
    const forged = FORGED_ADDRESS_HEADERS[i % FORGED_ADDRESS_HEADERS.length]!;
    const res = await fetch(`http://127.0.0.1:${port}/rest/v1/rpc/submit_response`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [forged]: `203.0.${Math.floor(i / 250)}.${i % 250}` },
      body: JSON.stringify({ submission_id: crypto.randomUUID(), name: null, answers: randomChoices(random) }),
    });
    await res.arrayBuffer();
    return res.status;
  }

  async function saveMany(app: FastifyInstance, from: number, count: number): Promise<number[]> {
    const port = app.server.listening ? (app.server.address() as { port: number }).port : await listenLocally(app);
    const statuses: number[] = [];
    // Ten at a time, so that concurrent saves meet in the database.
    for (let i = from; i < from + count; i += 10) {
      statuses.push(...(await Promise.all(Array.from({ length: 10 }, (_, j) => save(port, i + j)))));
    }
    return statuses;
  }

  const stored = async () =>
    (await ctx.db().query<{ n: number }>('select count(*)::int as n from public.responses'))[0]!.n;

  it('stores exactly 60 of 100 saves rotating forged x-forwarded-for, x-real-ip, true-client-ip and cf-connecting-ip', async () => {
    const statuses = await saveMany(direct, 0, 100);
    expect(statuses.filter((s) => s === 200)).toHaveLength(CAP);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - CAP);
    expect(await stored()).toBe(CAP);
  });

  it('is the same client through a server that trusts proxies it does not come from', async () => {
    const statuses = await saveMany(proxied, 100, 20);
    expect(statuses.every((s) => s === 429)).toBe(true);
    expect(await stored()).toBe(CAP);
  });
});

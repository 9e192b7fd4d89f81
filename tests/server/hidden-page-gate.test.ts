/**
 * The hidden page's gate and the limits over real HTTP, on both engines:
 * GET and HEAD answer the same whatever the password and never with data,
 * and every 429 says how long to wait.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { forEachEngine } from '../support/db-engines.ts';
import { listenLocally } from '../support/listen.ts';
import { nthChoices } from '../support/random-answers.ts';

const PASSWORD = 'the holder passphrase';
const NAME = 'Heard Hermione';

forEachEngine('the hidden page gate over HTTP', (ctx) => {
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    await ctx.db().query('select public.set_hidden_page_password($1)', [PASSWORD]);
    app = await buildApp({ db: ctx.db() });
    base = `http://127.0.0.1:${await listenLocally(app)}/rest/v1/rpc`;
    const saved = await post('submit_response', { submission_id: randomUUID(), name: NAME, answers: nthChoices(6) });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    await ctx.db().exec(`
      delete from private.client_events;
      delete from private.password_lockouts;
      update private.limits set max_count = 20 where name = 'withdrawals_per_client';
      update private.limits set max_count = 60 where name = 'submissions_per_client';`);
  });

  async function post(fn: string, args: Record<string, unknown>) {
    const res = await fetch(`${base}/${fn}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text() };
  }

  async function ask(method: 'GET' | 'HEAD', fn: string, args: Record<string, string>) {
    const res = await fetch(`${base}/${fn}?${new URLSearchParams(args).toString()}`, { method });
    return { status: res.status, body: await res.text() };
  }

  it.each([
    ['hidden_page_insights', {}],
    ['find_respondents', { query: 'hermione' }],
    ['export_respondents', { after_id: '0', page_size: '10' }],
    ['unlock_hidden_page', {}],
  ])('answers GET and HEAD of %s the same for the right and a wrong password, with no data', async (fn, args) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const right = await ask(method, fn, { ...args, password: PASSWORD });
      const wrong = await ask(method, fn, { ...args, password: 'not it at all' });
      expect(right, method).toEqual(wrong);
      expect(right.status, method).toBe(405);
      expect(right.body).not.toContain('Hermione');
    }
    expect(JSON.parse((await ask('GET', fn, { ...args, password: PASSWORD })).body)).toMatchObject({
      code: 'PT405',
      message: 'the hidden page answers POST requests only',
    });
    // And the POST still tells them apart.
    expect((await post(fn, { ...args, password: PASSWORD })).status).toBe(200);
    expect((await post(fn, { ...args, password: 'not it at all' })).status).toBe(403);
  });

  it('sends Retry-After with the 429 of a withdrawal, of a save and of a password check', async () => {
    await ctx.db().exec(`update private.limits set max_count = 1 where name = 'withdrawals_per_client';
                         update private.limits set max_count = 1 where name = 'submissions_per_client';`);
    const withdraw = () => post('withdraw_response', { submission_id: randomUUID(), secret: 'z'.repeat(40) });
    expect((await withdraw()).status).toBe(200);
    const refused = await withdraw();
    expect(refused.status).toBe(429);
    // 15 minutes from the end of the 5-minute step of the first call, a moment ago.
    expect(Number(refused.retryAfter)).toBeGreaterThan(850);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(1200);

    const save = () => post('submit_response', { submission_id: randomUUID(), name: null, answers: nthChoices(7) });
    expect((await save()).status).toBe(200);
    const full = await save();
    expect(full.status).toBe(429);
    expect(Number(full.retryAfter)).toBeGreaterThan(3550);
    expect(Number(full.retryAfter)).toBeLessThanOrEqual(3900);

    for (let i = 0; i < 5; i++) await post('hidden_page_insights', { password: `guess ${i}` });
    const locked = await post('hidden_page_insights', { password: PASSWORD });
    expect(locked.status).toBe(429);
    expect(Number(locked.retryAfter)).toBeGreaterThan(850);
  });
});

import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { Database } from '../../server/db/engine.ts';
import { freshDatabase } from '../support/db-engines.ts';
import { nthChoices } from '../support/random-answers.ts';
import { listenLocally } from '../support/listen.ts';

describe('the local server speaks PostgREST RPC', () => {
  let db: Database;
  let dispose: () => Promise<void>;
  let app: FastifyInstance;
  let siteDir: string;
  let baseUrl: string;

  beforeAll(async () => {
    ({ db, dispose } = await freshDatabase('pglite'));
    siteDir = mkdtempSync(join(tmpdir(), 'mc-site-test-'));
    writeFileSync(join(siteDir, 'index.html'), '<h1>home page</h1>');
    writeFileSync(join(siteDir, '404.html'), '<h1>not here</h1>');
    mkdirSync(join(siteDir, 'values'));
    writeFileSync(join(siteDir, 'values', 'love.html'), '<h1>on love</h1>');
    app = await buildApp({ db, siteDir });
    baseUrl = `http://127.0.0.1:${await listenLocally(app)}`;
  });

  afterAll(async () => {
    await app?.close();
    await dispose?.();
    rmSync(siteDir, { recursive: true, force: true });
  });

  const post = (fn: string, payload: string) =>
    app.inject({ method: 'POST', url: `/rest/v1/rpc/${fn}`, headers: { 'content-type': 'application/json' }, payload });

  it('returns a function result as JSON with status 200', async () => {
    const res = await post('response_stats', '{}');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ count: 0, love: null, duty: null, honor: null, reason: null, batch: 0 });
  });

  it('passes the JSON keys as named arguments', async () => {
    const id = crypto.randomUUID();
    const res = await post(
      'submit_response',
      JSON.stringify({ answers: nthChoices(0), name: 'Keys', submission_id: id }),
    );
    expect(res.statusCode).toBe(200);
    // The tests' database publishes every save: this one is the first batch.
    expect(res.json()).toEqual({ submission_id: id, batch: 1 });
    expect(
      await db.query('select name, love, duty, honor, reason from public.responses where submission_id = $1', [id]),
    ).toEqual([{ name: 'Keys', love: 11, duty: 12, honor: 4, reason: 2 }]);
  });

  it("answers a raised error in PostgREST's shape and status", async () => {
    const res = await post(
      'submit_response',
      JSON.stringify({ submission_id: crypto.randomUUID(), name: null, answers: [] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: '22023', message: 'question 1 has no answer', details: null, hint: null });
  });

  it('refuses a function anon may not execute, and changes nothing', async () => {
    const before = await db.query('select * from public.hidden_page_secret');
    const res = await post('set_hidden_page_password', JSON.stringify({ password: 'a new long password' }));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      code: '42501',
      message: 'permission denied for function set_hidden_page_password',
      details: null,
      hint: null,
    });
    expect(await db.query('select * from public.hidden_page_secret')).toEqual(before);
  });

  it('answers 404 PGRST202 for an unknown function or unknown argument names', async () => {
    for (const [fn, body] of [
      ['no_such_function', '{}'],
      ['submit_response', '{"answers": []}'],
      ['response_stats', '{"extra": 1}'],
      ['pg_sleep', '{}'],
    ] as const) {
      const res = await post(fn, body);
      expect(res.statusCode, fn).toBe(404);
      expect(res.json(), fn).toMatchObject({ code: 'PGRST202', hint: null });
    }
  });

  it('answers malformed JSON with 400 PGRST102', async () => {
    for (const body of ['{"answers": [', 'not json', '[1, 2]', '"text"']) {
      const res = await post('submit_response', body);
      expect(res.statusCode, body).toBe(400);
      expect(res.json(), body).toEqual({
        code: 'PGRST102',
        message: 'Empty or invalid json',
        details: null,
        hint: null,
      });
    }
  });

  it('works unchanged with supabase-js', async () => {
    const supabase = createClient(baseUrl, 'local-anon-key', { auth: { persistSession: false } });
    const ok = await supabase.rpc('response_stats');
    expect(ok.error).toBeNull();
    expect(ok.data).toMatchObject({ count: 1, love: 11 / 19 });
    const bad = await supabase.rpc('submit_response', { submission_id: crypto.randomUUID(), name: null, answers: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.error).toMatchObject({
      code: '22023',
      message: expect.stringContaining('answers must be a JSON array'),
    });
  });

  it('serves the built site, pages without their .html, and a 404 page', async () => {
    const home = await app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toBe('<h1>home page</h1>');
    const love = await app.inject({ method: 'GET', url: '/values/love' });
    expect(love.statusCode).toBe(200);
    expect(love.body).toBe('<h1>on love</h1>');
    const missing = await app.inject({ method: 'GET', url: '/nowhere' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe('<h1>not here</h1>');
  });
});

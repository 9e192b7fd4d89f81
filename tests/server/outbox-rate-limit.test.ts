/**
 * The browser's outbox against the real server and database: a save refused
 * with 429 (too many from one address) stays in the outbox and is stored
 * exactly once when it is sent again. Runs the product's own outbox and
 * supabase-js over HTTP, on both engines.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { forEachEngine } from '../support/db-engines.ts';
import { listenLocally } from '../support/listen.ts';
import { nthChoices } from '../support/random-answers.ts';
import { MemoryStorage } from '../support/memory-storage.ts';
import { newSubmissionId } from '../../src/lib/ids.ts';

// What Astro's build hands the bundle when no hosted project is configured: the site calls its own origin.
vi.mock('astro:env/client', () => ({
  PUBLIC_SUPABASE_URL: undefined,
  PUBLIC_SUPABASE_PUBLISHABLE_KEY: undefined,
  PUBLIC_SUPABASE_ANON_KEY: undefined,
}));

type Outbox = typeof import('../../src/lib/outbox.ts');

forEachEngine('the outbox and the per-address submission cap', (ctx) => {
  let app: FastifyInstance;
  let outbox: Outbox;

  const storedIds = async () =>
    (
      await ctx.db().query<{ submission_id: string }>('select submission_id::text from public.responses order by id')
    ).map((r) => r.submission_id);

  beforeAll(async () => {
    await ctx.db().exec(`update private.limits set max_count = 1 where name = 'submissions_per_client'`);
    app = await buildApp({ db: ctx.db() });
    const port = await listenLocally(app);
    vi.stubGlobal('location', { origin: `http://127.0.0.1:${port}` });
    vi.stubGlobal('localStorage', new MemoryStorage());
    // A page load of its own: the API client binds to this engine's server.
    vi.resetModules();
    outbox = await import('../../src/lib/outbox.ts');
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    await app?.close();
  });

  it('keeps a save refused with 429, then stores it once when the cap allows', async () => {
    const { addPending, readPending, sendKept, sendPending } = outbox;
    const first = { submission_id: newSubmissionId(), name: 'First', answers: nthChoices(0) };
    const second = { submission_id: newSubmissionId(), name: 'Second', answers: nthChoices(1) };

    addPending(first);
    // The tests' database publishes every save: this one is the first batch.
    expect(await sendKept(first)).toEqual({ phase: 'saved', submissionId: first.submission_id, batch: 1 });

    addPending(second);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await sendKept(second)).toEqual({
      phase: 'queued',
      submissionId: second.submission_id,
      reason: 'rate-limited',
    });
    expect(errors).toHaveBeenCalledTimes(1);
    expect(readPending().map((s) => s.submission_id)).toEqual([second.submission_id]);
    expect(await storedIds()).toEqual([first.submission_id]);

    // Still refused while the cap holds: nothing stored, still waiting.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await sendPending()).toBe(0);
    expect(await storedIds()).toEqual([first.submission_id]);

    await ctx.db().exec(`update private.limits set max_count = 60 where name = 'submissions_per_client'`);
    expect(await sendPending()).toBe(1);
    expect(readPending()).toEqual([]);
    expect(await sendPending()).toBe(0);
    expect(await storedIds()).toEqual([first.submission_id, second.submission_id]);
  });
});

import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useProduct } from '../support/chromium/product.ts';
import { nthChoices } from '../support/random-answers.ts';

describe('npm start serves the product on its embedded database', () => {
  const product = useProduct();
  it('serves the home page', async () => {
    const page = await product.browser.newPage();
    const res = await page.goto(product.app.url);
    expect(res?.status()).toBe(200);
    expect(await page.title()).toContain('Map your Contradictions');
  });

  it('answers RPC from the page origin through supabase-js conventions', async () => {
    const stats = await product.app.rpc<{ count: number }>('response_stats');
    expect(stats).toEqual({
      status: 200,
      body: { count: 0, love: null, duty: null, honor: null, reason: null, batch: 0 },
    });
  });

  it('stops at once when told, though a browser holds a connection it has not used yet', async () => {
    // As a browser's preconnect does: a socket that sends no request.
    const idle = connect(Number(new URL(product.app.url).port), '127.0.0.1');
    idle.on('error', () => {});
    await new Promise((resolve) => idle.once('connect', resolve));
    const closedByServer = new Promise((resolve) => idle.once('close', () => resolve('closed')));
    // Node would keep that socket until its headers time out, a minute and more.
    const outcome = await Promise.race([
      product.app.stop().then(() => 'stopped'),
      new Promise((resolve) => setTimeout(() => resolve('still running after 20 s'), 20_000)),
    ]);
    expect(outcome).toBe('stopped');
    expect(await closedByServer).toBe('closed');
    await product.app.start();
  });

  it('keeps the data when the server stops and starts again', async () => {
    const saved = await product.app.rpc('submit_response', {
      submission_id: crypto.randomUUID(),
      name: 'Restart',
      answers: nthChoices(1),
    });
    expect(saved.status).toBe(200);
    const before = await product.app.rpc<{ count: number; love: number | null }>('response_stats');
    expect(before.body.count).toBe(1);
    expect(before.body.love).not.toBeNull();
    await product.app.stop();
    await product.app.start();
    expect(await product.app.rpc('response_stats')).toEqual(before);
  });
});

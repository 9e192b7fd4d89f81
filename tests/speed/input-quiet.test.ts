import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubWindowEvents } from '../support/browser-stub.ts';

let browser: EventTarget;
let whenInputQuiet: typeof import('../../src/speed/input-quiet.ts').whenInputQuiet;

/** A pointer event as the page sees one: only its id is read. */
function pointer(type: string, pointerId = 1): Event {
  return Object.assign(new Event(type), { pointerId });
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  browser = stubWindowEvents();
  // The module keeps what it heard: a fresh one per test.
  vi.resetModules();
  ({ whenInputQuiet } = await import('../../src/speed/input-quiet.ts'));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Whether the promise has settled by now. */
async function settledNow(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('work that waits for the visitor to be quiet', () => {
  it('waits while a finger is down and for 250 ms after it is lifted', async () => {
    await vi.advanceTimersByTimeAsync(1000);
    void whenInputQuiet();
    browser.dispatchEvent(pointer('pointerdown'));
    const waiting = whenInputQuiet();
    await vi.advanceTimersByTimeAsync(800);
    expect(await settledNow(waiting)).toBe(false);
    browser.dispatchEvent(pointer('pointerup'));
    await vi.advanceTimersByTimeAsync(200);
    expect(await settledNow(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(await settledNow(waiting)).toBe(true);
  });

  it('waits for a pause in typing and scrolling', async () => {
    await vi.advanceTimersByTimeAsync(1000);
    void whenInputQuiet();
    const waiting = whenInputQuiet();
    for (let i = 0; i < 5; i++) {
      browser.dispatchEvent(new Event(i % 2 ? 'keydown' : 'scroll'));
      await vi.advanceTimersByTimeAsync(150);
    }
    expect(await settledNow(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(150);
    expect(await settledNow(waiting)).toBe(true);
  });

  it('does not wait for ever on a pointer whose pointerup never came', async () => {
    await vi.advanceTimersByTimeAsync(1000);
    void whenInputQuiet();
    browser.dispatchEvent(pointer('pointerdown', 7));
    const waiting = whenInputQuiet();
    await vi.advanceTimersByTimeAsync(900);
    expect(await settledNow(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(await settledNow(waiting)).toBe(true);
  });

  it('never resolves once aborted', async () => {
    const stop = new AbortController();
    browser.dispatchEvent(new Event('keydown'));
    const waiting = whenInputQuiet(stop.signal);
    stop.abort();
    await vi.advanceTimersByTimeAsync(5000);
    expect(await settledNow(waiting)).toBe(false);
  });
});

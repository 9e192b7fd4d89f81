/**
 * Offline after one visit, in an engine other than Chromium: once the
 * service worker serves the page, the server is stopped (every request then
 * fails, as on a train), and an essay opens and the whole quiz runs to its
 * drawn results, its save waiting in the outbox. The detailed cases (the
 * save sent on reconnection, the dated comparison, updates) are in
 * tests/e2e/offline.test.ts. Last of the flows: the server is down meanwhile.
 */
import { expect } from 'vitest';
import { SUBMISSIONS_KEY } from '../../../src/lib/browser-storage.ts';
import { PATH_B, expectedPercentages, outboxLength } from '../visitor.ts';
import { PATIENCE_MS, waitUntilWithin } from './session.ts';
import type { Flow } from './suite.ts';
import { resultsComplete, waitForDrawing, waitForElement } from './visitor.ts';

/** What the page tells the console of the calls that fail while the server is away, and nothing else. */
export const OFFLINE_REPORTS: readonly RegExp[] = [
  /^console(\.error)?: Error saving final scores /,
  /^console(\.error)?: Error fetching (comparison data|answer shares) /,
];

/** How many times a step's patience the worker may take to fetch the site into its precache on a loaded machine. */
const PRECACHE_PATIENCE = 3;

export const offlineAfterOneVisit: Flow = async ({ session, visitor, app }) => {
  await visitor.openQuiz(`${app.url}/`);
  // The worker registers once the browser is idle, fetches the precache, then takes the page over.
  await waitUntilWithin(PRECACHE_PATIENCE * PATIENCE_MS, session, 'the service worker to serve the page', () =>
    navigator.serviceWorker?.controller ? navigator.serviceWorker.controller.state : null,
  );

  await app.stop();
  try {
    await session.goto(`${app.url}/values/love`);
    await waitForElement(session, 'h1', 'Love');

    await visitor.openQuiz(`${app.url}/`);
    await visitor.startWithName('Ada');
    await visitor.answer(PATH_B);
    await visitor.onResults();
    expect(await visitor.shownPercentages()).toEqual(expectedPercentages(PATH_B));
    await waitForDrawing(session, 'result');
    await resultsComplete(session);
    expect(await session.evaluate(outboxLength, SUBMISSIONS_KEY)).toBe(1);
  } finally {
    await app.start();
  }
};

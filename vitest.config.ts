import { defineConfig } from 'vitest/config';

/**
 * The projects share one pool of two workers, the machine's two cores: a
 * browser file and a unit file, or two of either, run side by side, the
 * longest first. What the run makes once (the site, the migrated
 * database: tests/support/run-fixtures.ts) is made before any test, the
 * two side by side when the first project, e2e, asks for both. Each
 * browser file starts its own server (on a copy of the migrated data
 * folder) and opens its own browser contexts, so files share no state; the
 * Chromium under those contexts is one per worker.
 */
const WORKERS = 2;

/**
 * How long a test or hook may run before it counts as hung: a safety net,
 * not a speed limit. Generous, because a busy machine (another suite on the
 * other core, say) takes several times as long, and a test must pass there.
 */
const HUNG_UNIT_MS = 180_000;
const HUNG_BROWSER_MS = 300_000;

/** The tests of the stores and the browser's side of lib, the only ones on the fake backend. */
const CLIENT = ['tests/stores/**/*.test.ts', 'tests/lib/**/*.test.ts', 'tests/islands/**/*.test.ts'];

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    projects: [
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // A worker's files share its Chromium (tests/support/chromium/browser.ts); each has its own server and contexts.
          isolate: false,
          globalSetup: ['tests/support/chromium/global-setup.ts'],
          maxWorkers: WORKERS,
          testTimeout: HUNG_BROWSER_MS,
          hookTimeout: HUNG_BROWSER_MS,
        },
      },
      {
        test: {
          name: 'unit',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'tests/cross-engine/**', 'tests/build/**', ...CLIENT],
          environment: 'node',
          globalSetup: ['tests/support/database-setup.ts'],
          maxWorkers: WORKERS,
          testTimeout: HUNG_UNIT_MS,
          hookTimeout: HUNG_UNIT_MS,
        },
      },
      {
        test: {
          name: 'client',
          include: CLIENT,
          environment: 'node',
          // The fake backend in place of src/lib/api.ts: the stores' tests steer what it answers.
          setupFiles: ['tests/support/fake-api.ts'],
          maxWorkers: WORKERS,
          testTimeout: HUNG_UNIT_MS,
          hookTimeout: HUNG_UNIT_MS,
        },
      },
      {
        test: {
          name: 'build',
          include: ['tests/build/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/built-site-setup.ts'],
          maxWorkers: WORKERS,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'cross-engine',
          include: ['tests/cross-engine/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/browser-setup.ts'],
          maxWorkers: WORKERS,
          testTimeout: HUNG_BROWSER_MS,
          hookTimeout: HUNG_BROWSER_MS,
        },
      },
    ],
  },
});

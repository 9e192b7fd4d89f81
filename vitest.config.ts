import { defineConfig } from 'vitest/config';

/**
 * The projects share one pool of two workers, the machine's two cores: a
 * browser file and a unit file, or two of either, run side by side, the
 * longest first; the timed taps run after them, alone. What the run makes once (the site, the migrated
 * database: tests/support/run-fixtures.ts) is made before any test, the
 * two side by side when the first project, e2e, asks for both. Each
 * browser file starts its own server (on a copy of the migrated data
 * folder) and opens its own browser contexts, so files share no state; the
 * Chromium under those contexts is one per worker.
 */
const WORKERS = 2;

/** The tests that time what a visitor waits for, on the machine alone (the `timed` project). */
const TIMED = 'tests/e2e/tap-effects.test.ts';

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    projects: [
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: [TIMED],
          environment: 'node',
          // A worker's files share its Chromium (tests/support/chromium/browser.ts); each has its own server and contexts.
          isolate: false,
          globalSetup: ['tests/support/chromium/global-setup.ts'],
          maxWorkers: WORKERS,
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
      {
        // Timed taps, alone once every other project has run: a file beside them on the other core slowed them past any fair limit.
        test: {
          name: 'timed',
          include: [TIMED],
          environment: 'node',
          isolate: false,
          globalSetup: ['tests/support/chromium/global-setup.ts'],
          sequence: { groupOrder: 1 },
          maxWorkers: 1,
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'unit',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'tests/cross-engine/**', 'tests/build/**'],
          environment: 'node',
          globalSetup: ['tests/support/database-setup.ts'],
          // The fake backend in place of src/lib/api.ts, for every unit test.
          setupFiles: ['tests/support/fake-api.ts'],
          maxWorkers: WORKERS,
          testTimeout: 60_000,
          hookTimeout: 120_000,
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
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'tests/cross-engine/**'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/chromium/global-setup.ts'],
          // Each file starts its own server and browser; two cores cannot carry more.
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'cross-engine',
          include: ['tests/cross-engine/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/cross-engine/global-setup.ts'],
          // One engine and its server at a time: two cores carry no more beside the rest of the run.
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});

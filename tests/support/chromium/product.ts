/**
 * The running product of one test file: the server, started before the
 * file's tests and disposed of after them, and unless left out the
 * worker's browser, left with no context of the file open.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startApp, type RunningApp } from './app.ts';
import { workerChromium } from './browser.ts';

export interface Product {
  readonly app: RunningApp;
  readonly browser: Browser;
}

export interface ProductOptions {
  /** Extra environment of the server. */
  env?: Record<string, string>;
  /** false for tests that only speak HTTP. */
  browser?: boolean;
}

/** Registers the beforeAll/afterAll pair; read `app` and `browser` inside hooks and tests. */
export function useProduct(opts: ProductOptions = {}): Product {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    const [started, launched] = await Promise.allSettled([
      startApp({ env: opts.env }),
      opts.browser === false ? Promise.resolve(undefined) : workerChromium(),
    ]);
    // Keep whichever came up, so afterAll disposes of it even when the other failed.
    if (started.status === 'fulfilled') app = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  });
  afterAll(async () => {
    // The browser serves the worker's next file: it gets it with no page of this one open.
    await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
    await app?.dispose();
  });

  return {
    get app() {
      if (!app) throw new Error('The app is not running: read it inside a hook or a test of the file.');
      return app;
    },
    get browser() {
      if (!browser) {
        throw new Error(
          opts.browser === false
            ? 'This file asked for no browser.'
            : 'The browser is not running: read it inside a hook or a test of the file.',
        );
      }
      return browser;
    },
  };
}

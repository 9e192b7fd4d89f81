/** Where the machine's Chromium is and how the project starts it headless: for `npm test`, the end-to-end tests and the benchmarks. */

import { existsSync } from 'node:fs';
import { CHROMIUM_CANDIDATES, HEADLESS_SHELL } from './debian-packages.mjs';

export { HEADLESS_SHELL };

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The full Chromium: the browser benchmarks drive it, and the end-to-end tests when there is no headless shell (findTestChromium); neither ever downloads one. */
export function findChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  const found = fromEnv ? (existsSync(fromEnv) ? fromEnv : undefined) : CHROMIUM_CANDIDATES.find((p) => existsSync(p));
  if (!found) {
    throw new Error(
      "No Chromium found for the end-to-end tests. Install Debian's package (`apt-get install -y chromium`) " +
        'or set CHROMIUM_PATH to a Chromium or Chrome binary.',
    );
  }
  return found;
}

/**
 * The Chromium the end-to-end tests drive: CHROMIUM_PATH when set, else the
 * headless shell when it is installed, else the full browser. The shell
 * runs the same Blink and V8 without the browser around them; a fresh
 * context with a page load costs it under half the CPU (about 1.0 s
 * against 2.4 s here), and the tests open well over a hundred. The
 * benchmarks measure what a visitor's browser does, so they keep the full
 * chromium (findChromium).
 */
export function findTestChromium(): string {
  if (!process.env.CHROMIUM_PATH && existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  return findChromium();
}

/** Where the machine's Chromium is and how the project starts it headless: for `npm test`, the end-to-end tests and the benchmarks. */

import { existsSync } from 'node:fs';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The Chromium the end-to-end tests and the browser benchmarks drive; they never download one. */
export function findChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  const found = fromEnv ? (existsSync(fromEnv) ? fromEnv : undefined) : CANDIDATES.find((p) => existsSync(p));
  if (!found) {
    throw new Error(
      'No Chromium found for the end-to-end tests. Install Debian\'s package (`apt-get install -y chromium`) ' +
        'or set CHROMIUM_PATH to a Chromium or Chrome binary.',
    );
  }
  return found;
}

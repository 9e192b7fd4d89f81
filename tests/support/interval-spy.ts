/**
 * Preloaded into a server under test (NODE_OPTIONS=--import=<this file>):
 * appends the delay of every setInterval the process starts to the file
 * named by INTERVAL_SPY_FILE, one per line, so a test can see which
 * repeating jobs the server runs without waiting for them.
 */
import { appendFileSync } from 'node:fs';

const file = process.env.INTERVAL_SPY_FILE;
if (file) {
  const original = globalThis.setInterval;
  globalThis.setInterval = ((handler: () => void, delay?: number, ...args: unknown[]) => {
    appendFileSync(file, `${delay ?? 0}\n`);
    return original(handler, delay, ...args);
  }) as typeof setInterval;
}

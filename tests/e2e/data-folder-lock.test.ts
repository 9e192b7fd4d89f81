/**
 * One data folder, one server: a second `node server/main.ts` on the folder
 * of a running one refuses and names it, and every save the first
 * acknowledged is still there after a restart. A server killed outright
 * leaves its lock behind, and the next start takes it over.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../server/db/data-folder-lock.ts';
import { serverEnv } from '../support/chromium/app.ts';
import { useProduct } from '../support/chromium/product.ts';
import { randomChoices, seededRandom } from '../support/random-answers.ts';

interface SecondServer {
  /** How it ended, or null while it runs. */
  code: number | null;
  output: string;
  /** Where it serves, when it came up. */
  url?: string;
  /** Stops it, if it still runs. */
  stop(): Promise<void>;
}

/** Starts a second server on dataDir; answers when it exits or comes up, or after 60 s. */
function secondServer(dataDir: string): Promise<SecondServer> {
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: serverEnv(dataDir),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const closed = new Promise<number | null>((resolve) => child.once('close', resolve));
  const stop = async () => {
    child.kill('SIGTERM');
    await closed;
  };
  return new Promise((resolve) => {
    let output = '';
    const timer = setTimeout(() => resolve({ code: null, output, stop }), 60_000);
    const read = (d: Buffer) => {
      output += d.toString();
      const up = /at (http:\/\/[^\s]+) /.exec(output);
      if (up) {
        clearTimeout(timer);
        resolve({ code: null, output, url: up[1], stop });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void closed.then((code) => {
      clearTimeout(timer);
      resolve({ code, output, stop });
    });
  });
}

describe('the data folder belongs to one server', () => {
  const product = useProduct({ browser: false });
  const random = seededRandom(32);

  /** Saves count responses through the server at url; returns how many it acknowledged. */
  async function save(count: number, url = product.app.url): Promise<number> {
    let acknowledged = 0;
    for (let i = 0; i < count; i++) {
      const res = await fetch(`${url}/rest/v1/rpc/submit_response`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          submission_id: crypto.randomUUID(),
          name: `Saver ${i}`,
          answers: randomChoices(random),
        }),
      });
      if (res.status === 200) acknowledged += 1;
    }
    return acknowledged;
  }

  async function stored(): Promise<number> {
    const stats = await product.app.rpc<{ count: number }>('response_stats');
    expect(stats.status).toBe(200);
    return stats.body.count;
  }

  it('refuses a second server on it, naming the first, and the first keeps every save', async () => {
    const first = product.app.pid;
    let acknowledged = await save(8);
    const second = await secondServer(product.app.dataDir);
    // Were it to come up, what it acknowledges must be kept as well.
    if (second.url) acknowledged += await save(4, second.url);
    await second.stop();
    acknowledged += await save(4);
    await product.app.stop();
    await product.app.start();
    expect(await stored()).toBe(acknowledged);
    expect(acknowledged).toBe(12);
    expect(second.url).toBeUndefined();
    expect(second.code).toBe(1);
    expect(second.output).toContain(`in use by process ${first} (the server)`);
  });

  it('takes over the lock a killed server left behind', async () => {
    const lockFile = join(product.app.dataDir, LOCK_FILE);
    const killed = product.app.pid;
    await product.app.kill();
    expect(readFileSync(lockFile, 'utf8')).toMatch(new RegExp(`^${killed}\\n`));
    await product.app.start();
    expect(product.app.pid).not.toBe(killed);
    expect(readFileSync(lockFile, 'utf8')).toMatch(new RegExp(`^${product.app.pid}\\nthe server\\n\\d+\\n$`));
    expect(await stored()).toBe(12);
  });
});

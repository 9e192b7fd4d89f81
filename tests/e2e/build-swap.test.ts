/**
 * A build never takes the running site down. While one server serves, the
 * site is polled without pause: a second `npm start` on the same data
 * folder refuses before it builds anything, and `npm run build` builds
 * beside the served site and swaps the new build in whole; not one request
 * fails, and the server then serves the new build.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { buildsDir, swapIn } from '../../server/site-swap.ts';
import { startApp, type RunningApp } from '../support/chromium/app.ts';

function npm(script: string, env: Record<string, string>) {
  const child = spawn('npm', ['run', '--silent', script], {
    env: { ...process.env, DATABASE_URL: '', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, output })),
  );
}

interface Poll {
  requests: number;
  failures: string[];
  stop(): Promise<void>;
}

/** Asks for a page, one of its scripts and an unknown address, again and again, until stopped. */
function poll(url: string): Poll {
  let going = true;
  const state = { requests: 0, failures: [] as string[] };
  const expect = async (path: string, status: number) => {
    state.requests += 1;
    try {
      const res = await fetch(url + path);
      const body = await res.text();
      if (res.status !== status) state.failures.push(`${path}: ${res.status}`);
      return body;
    } catch (error) {
      state.failures.push(`${path}: ${(error as Error).message}`);
      return '';
    }
  };
  const loop = (async () => {
    while (going) {
      const page = await expect('/', 200);
      const script = /src="(\/_astro\/[^"]+\.js)"/.exec(page)?.[1];
      if (script) await expect(script, 200);
      await expect('/insights', 200);
      await expect('/no-such-page', 404);
    }
  })();
  return {
    get requests() {
      return state.requests;
    },
    failures: state.failures,
    async stop() {
      going = false;
      await loop;
    },
  };
}

const work = mkdtempSync(join(tmpdir(), 'build-swap-'));
const siteDir = join(work, 'site');
let app: RunningApp | undefined;

beforeAll(async () => {
  const first = join(buildsDir(siteDir), 'first');
  mkdirSync(buildsDir(siteDir));
  cpSync(inject('siteDir'), first, { recursive: true });
  swapIn(siteDir, first);
  app = await startApp({ env: { SITE_DIR: siteDir } });
});

afterAll(async () => {
  await app?.dispose();
  rmSync(work, { recursive: true, force: true });
});

it('a second npm start refuses before building, and npm run build swaps the site in whole: no request fails', async () => {
  const polling = poll(app!.url);
  try {
    const second = await npm('start', { DATA_DIR: app!.dataDir, SITE_DIR: siteDir, PORT: '0' });
    expect(second.code).toBe(1);
    expect(second.output).toContain(`The data folder ${app!.dataDir} is in use by process ${app!.pid}`);
    // Astro never ran: no build began beside the site, and none was written anywhere else.
    expect(second.output).not.toMatch(/page\(s\) built|\[build\]/);
    expect(readdirSync(buildsDir(siteDir))).toEqual(['first']);

    const served = realpathSync(siteDir);
    const built = await npm('build', { SITE_DIR: siteDir });
    expect(built.output).toContain(`The site in ${siteDir} is the new build.`);
    expect(built.code).toBe(0);
    expect(realpathSync(siteDir)).not.toBe(served);
    // The server reads the new build: the first one can go, and every page is still there.
    rmSync(join(buildsDir(siteDir), 'first'), { recursive: true });
    const page = await fetch(`${app!.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');
  } finally {
    await polling.stop();
  }
  expect(polling.failures).toEqual([]);
  expect(polling.requests).toBeGreaterThan(20);
}, 600_000);

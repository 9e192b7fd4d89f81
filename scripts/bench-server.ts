/**
 * What the browser benchmarks share: a throw-away database seeded with
 * synthetic respondents, the product's server over it, and medians.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

export interface Served {
  child: ChildProcess;
  url: string;
  /** The hidden page's password on this server. */
  password: string;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function positiveInt(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, not "${text}"`);
  return n;
}

export function seed(dataDir: string, respondents: number): void {
  if (respondents === 0) return;
  console.log(`Seeding ${respondents.toLocaleString('en')} respondents ...`);
  const run = spawnSync(process.execPath, ['scripts/seed.ts', '--respondents', String(respondents)], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
  });
  if (run.status !== 0) throw new Error(`seeding failed (${run.status ?? run.signal})`);
}

/** Starts the product's server on a free port; resolves with its address once it listens. */
export function serve(siteDir: string, dataDir: string): Promise<Served> {
  const password = `bench-${process.pid}-${Date.now()}`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['server/main.ts'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        DATABASE_URL: '',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        SITE_DIR: siteDir,
        // A password of its own, so the first start prints none.
        HIDDEN_PAGE_PASSWORD: password,
      },
    });
    let output = '';
    const listen = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /at (http:\/\/[^\s/]+)/.exec(output);
      if (m) resolve({ child, url: m[1]!, password });
    };
    child.stdout.on('data', listen);
    child.stderr.on('data', listen);
    child.once('exit', (code) => reject(new Error(`the server exited with ${code} before it listened:\n${output}`)));
  });
}

/**
 * What the browser benchmarks share: their options (--dir, --runs,
 * --respondents), the site built for the run, a throw-away database seeded
 * with synthetic respondents, the product's server over it, and medians.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { buildSite } from './site-build.ts';

export interface Served {
  child: ChildProcess;
  url: string;
  /** The hidden page's password on this server. */
  password: string;
  /** The owner key of the seeded group (--group-members), when there is one. */
  groupOwnerKey?: string;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function positiveInt(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, not "${text}"`);
  return n;
}

/** Seeds the data folder; with group members, one group of that many, and returns the key that opens its map. */
export function seed(dataDir: string, respondents: number, groupMembers = 0): string | undefined {
  if (respondents === 0) return undefined;
  console.log(`Seeding ${respondents.toLocaleString('en')} respondents ...`);
  const members = groupMembers > 0 ? ['--group-members', String(Math.min(groupMembers, respondents))] : [];
  const run = spawnSync(process.execPath, ['scripts/seed.ts', '--respondents', String(respondents), ...members], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
  });
  if (run.status !== 0) throw new Error(`seeding failed (${run.status ?? run.signal})`);
  return /owner key: (\S+)/.exec(run.stdout)?.[1];
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

const COMMON_OPTIONS = {
  dir: { type: 'string' },
  runs: { type: 'string' },
  respondents: { type: 'string' },
  'group-members': { type: 'string' },
} as const;

export interface BenchRun {
  /** Every option as given, the script's own among them. */
  values: { readonly [option: string]: string | boolean | (string | boolean)[] | undefined };
  positionals: string[];
  /** --runs, at least 1 (default 3). */
  runCount: number;
  /** --respondents (default 5000). */
  respondents: number;
  /** --group-members: one group of that many respondents (default 1000, its ceiling). */
  groupMembers: number;
  /** The site measured: --dir, or a build made for this run. */
  siteDir: string;
  /** Seeds the run's database and starts the server over it; stopped when the run ends. */
  start(): Promise<Served>;
}

/**
 * One benchmark run: reads the common options and the script's own, builds the
 * site unless --dir names one, hands `body` a way to start the seeded
 * server, and removes what it made, server included, however the body ends.
 */
export async function runBench(
  own: { options?: ParseArgsOptionsConfig; allowPositionals?: boolean },
  body: (run: BenchRun) => Promise<void>,
): Promise<void> {
  const options: ParseArgsOptionsConfig = { ...own.options, ...COMMON_OPTIONS };
  const { values, positionals } = parseArgs({ options, allowPositionals: own.allowPositionals ?? false, strict: true });
  const dir = values.dir as string | undefined;
  const siteDir = dir ?? mkdtempSync(join(tmpdir(), 'mc-bench-site-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'mc-bench-data-'));
  const respondents = positiveInt(values.respondents as string | undefined, 5000, 'respondents');
  const groupMembers = positiveInt(values['group-members'] as string | undefined, 1000, 'group-members');
  let server: ChildProcess | undefined;
  try {
    if (!dir) {
      console.log(`Building the site into ${siteDir} ...`);
      buildSite(siteDir);
    }
    await body({
      values,
      positionals,
      runCount: Math.max(1, positiveInt(values.runs as string | undefined, 3, 'runs')),
      respondents,
      groupMembers,
      siteDir,
      async start() {
        const groupOwnerKey = seed(dataDir, respondents, groupMembers);
        const served = await serve(siteDir, dataDir);
        server = served.child;
        return { ...served, groupOwnerKey };
      },
    });
  } finally {
    server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
    if (!dir) rmSync(siteDir, { recursive: true, force: true });
  }
}

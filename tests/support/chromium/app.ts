/**
 * Runs the product the way `npm start` does (server/main.ts over a fresh
 * PGlite folder, copied from the run's migrated one), serving the site
 * built once for the run (tests/support/run-fixtures.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';

export const E2E_PASSWORD = 'e2e-secret-password';

export interface RpcAnswer<T = unknown> {
  status: number;
  body: T;
}

export interface RunningApp {
  url: string;
  /** The server's PGlite data folder. */
  dataDir: string;
  /** The running server's process. */
  readonly pid: number;
  /** Stops the server; the data folder and port are kept for start(). */
  stop(): Promise<void>;
  /** Kills the server as a power cut would (SIGKILL: no shutdown, its data folder's lock left behind). */
  kill(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** POST /rest/v1/rpc/<fn> on the running server. */
  rpc<T = unknown>(fn: string, args?: Record<string, unknown>): Promise<RpcAnswer<T>>;
  /** Stops the server and removes its data. */
  dispose(): Promise<void>;
}

const READY = /at http:\/\/[^:\s]+:(\d+)/;

// Children being stopped on purpose, whose exit is no news.
const stopping = new WeakSet<ChildProcess>();

/** The last lines a server printed, kept so an unexpected exit can be explained. */
const OUTPUT_KEPT = 20_000;

function launch(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let ready = false;
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-OUTPUT_KEPT);
      const m = ready ? null : READY.exec(output);
      if (m) {
        ready = true;
        resolve({ child, port: Number(m[1]) });
      }
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('exit', (code, signal) => {
      if (!ready) reject(new Error(`server exited with ${code} before it was ready:\n${output}`));
      else if (!stopping.has(child)) console.error(`server exited unexpectedly (${code ?? signal}):\n${output}`);
    });
  });
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  stopping.add(child);
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** The environment of the product's server on `dataDir`: embedded PGlite, the run's built site, any free port. */
export function serverEnv(dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: '',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    SITE_DIR: inject('siteDir'),
  };
}

export async function startApp(opts: { env?: Record<string, string> } = {}): Promise<RunningApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mc-e2e-data-'));
  // A copy of the run's migrated folder: the server finds nothing to apply.
  cpSync(inject('migratedDataDir'), dataDir, { recursive: true });
  const baseEnv: NodeJS.ProcessEnv = { ...serverEnv(dataDir), HIDDEN_PAGE_PASSWORD: E2E_PASSWORD, ...opts.env };
  const first = await launch(baseEnv);
  const { port } = first;
  let { child } = first;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    dataDir,
    get pid() {
      return child.pid!;
    },
    async stop() {
      await stopChild(child);
    },
    async kill() {
      await stopChild(child, 'SIGKILL');
    },
    async start() {
      ({ child } = await launch({ ...baseEnv, PORT: String(port) }));
    },
    async rpc<T>(fn: string, args: Record<string, unknown> = {}) {
      const res = await fetch(`${url}/rest/v1/rpc/${fn}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(args),
      });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
    },
    async dispose() {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

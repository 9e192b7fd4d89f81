/**
 * The site built once per test run, into a folder of the run's own, for
 * every project that drives a browser: the Chromium suite and the
 * cross-engine one share it, so a run builds once however many ask.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    siteDir: string;
  }
}

interface Shared {
  siteDir: string;
  users: number;
}

// Each project may load this module on its own: the build is kept on the process.
const KEY = Symbol.for('map-your-contradictions.built-site');
const holder = globalThis as typeof globalThis & { [KEY]?: Shared };

/** Provides `siteDir` to the project, building the site if no project of this run has; returns the teardown. */
export function provideBuiltSite(project: TestProject): () => void {
  let shared = holder[KEY];
  if (!shared) {
    const siteDir = mkdtempSync(join(tmpdir(), 'mc-site-'));
    execFileSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', siteDir], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    });
    shared = holder[KEY] = { siteDir, users: 0 };
  }
  shared.users += 1;
  project.provide('siteDir', shared.siteDir);
  return () => {
    if (--shared.users > 0) return;
    rmSync(shared.siteDir, { recursive: true, force: true });
    delete holder[KEY];
  };
}

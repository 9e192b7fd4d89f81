/**
 * The site built once per test run, into a folder of the run's own, for
 * every project that drives a browser: the Chromium suite and the
 * cross-engine one share it, so a run builds once however many ask. Beside
 * it, a PGlite data folder with every migration applied, which each server
 * a test starts copies: a fresh database without initdb and the migrations
 * each time (about 4 s of a server's 6 s start).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/open.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    siteDir: string;
    migratedDataDir: string;
  }
}

interface Shared {
  made: Promise<{ siteDir: string; migratedDataDir: string }>;
  users: number;
}

// Each project may load this module on its own: what is made is kept on the process.
const KEY = Symbol.for('map-your-contradictions.built-site');
const holder = globalThis as typeof globalThis & { [KEY]?: Shared };

/** A PGlite data folder with every migration applied, as the server leaves it at its first start. */
async function migratedDataFolder(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mc-migrated-'));
  const db = await openDatabase({ dataDir });
  await db.close();
  return dataDir;
}

async function make(): Promise<{ siteDir: string; migratedDataDir: string }> {
  const siteDir = mkdtempSync(join(tmpdir(), 'mc-site-'));
  execFileSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', siteDir], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  return { siteDir, migratedDataDir: await migratedDataFolder() };
}

/**
 * Provides `siteDir` and `migratedDataDir` to the project, making them if no
 * project of this run has (or is); returns the teardown.
 */
export async function provideBuiltSite(project: TestProject): Promise<() => void> {
  const shared = (holder[KEY] ??= { made: make(), users: 0 });
  shared.users += 1;
  const { siteDir, migratedDataDir } = await shared.made;
  project.provide('siteDir', siteDir);
  project.provide('migratedDataDir', migratedDataDir);
  return () => {
    if (--shared.users > 0) return;
    rmSync(siteDir, { recursive: true, force: true });
    rmSync(migratedDataDir, { recursive: true, force: true });
    delete holder[KEY];
  };
}

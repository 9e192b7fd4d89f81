/**
 * Builds the site once for all end-to-end tests, into a folder of this run's
 * own, and checks that a Chromium is there before any test starts.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { findChromium } from '../../../scripts/chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    siteDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  findChromium();
  const siteDir = mkdtempSync(join(tmpdir(), 'mc-site-'));
  execFileSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', siteDir], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  project.provide('siteDir', siteDir);
  return () => rmSync(siteDir, { recursive: true, force: true });
}

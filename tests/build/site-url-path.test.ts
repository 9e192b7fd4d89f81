/**
 * A SITE_URL with a path stops the build before anything is written, naming
 * SITE_URL: the pages are built for the root of their origin, and a path
 * would silently vanish from every canonical link and the sitemap.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { SUPABASE_VARIABLES } from '../../src/lib/supabase-env.ts';

const outDir = mkdtempSync(join(tmpdir(), 'mc-site-path-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

it('stops a build for https://example.org/quiz/, naming SITE_URL', () => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ASTRO_TELEMETRY_DISABLED: '1',
    SITE_URL: 'https://example.org/quiz/',
  };
  for (const name of [...SUPABASE_VARIABLES, 'NODE_ENV']) delete env[name];
  const run = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', outDir], {
    env,
    encoding: 'utf8',
  });
  expect(`${run.stdout}${run.stderr}`).toContain(
    'SITE_URL must be the root of its origin, such as https://example.org, not "https://example.org/quiz/"',
  );
  expect(run.status).not.toBe(0);
  expect(existsSync(join(outDir, 'index.html'))).toBe(false);
});

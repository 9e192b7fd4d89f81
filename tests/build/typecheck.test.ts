/**
 * `npm run typecheck`: astro check over every .astro, .ts and .tsx file of
 * the project (site, server, scripts and tests alike), failing on any
 * error, warning or hint.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { expect, it } from 'vitest';

it('finds no error, warning or hint', { timeout: 300_000 }, () => {
  const run = spawnSync('npm', ['run', '--silent', 'typecheck'], {
    cwd: resolve(import.meta.dirname, '../..'),
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    encoding: 'utf8',
  });
  const output = stripVTControlCharacters(`${run.stdout}${run.stderr}`);
  expect(run.status, output).toBe(0);
  expect(output).toMatch(/Result \(\d+ files\)/);
  expect(output).toContain('- 0 errors');
  expect(output).toContain('- 0 warnings');
  expect(output).toContain('- 0 hints');
});

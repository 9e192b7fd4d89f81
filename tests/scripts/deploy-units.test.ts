/**
 * The systemd units in deploy/ run what the docs say: the project's Node.js
 * on server/main.ts, restarted on failure, the data folder 0700 and files
 * 0600, every variable they set one the configuration table lists, and a
 * nightly backup through npm run backup's script. Where systemd is
 * installed, systemd-analyze finds nothing wrong but the absent install path.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const unit = (name: string) => readFileSync(`deploy/${name}`, 'utf8');

/** Every value of a directive, in order. */
function values(text: string, directive: string): string[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${directive}=`))
    .map((line) => line.slice(directive.length + 1));
}

it('serves with the project Node.js, restarts on failure, keeps the data folder private', () => {
  const service = unit('map-your-contradictions.service');
  expect(values(service, 'ExecStart')).toEqual(['/srv/map-your-contradictions/node_modules/.bin/node server/main.ts']);
  expect(values(service, 'Restart')).toEqual(['on-failure']);
  expect(values(service, 'StateDirectoryMode')).toEqual(['0700']);
  expect(values(service, 'UMask')).toEqual(['0077']);
  expect(values(service, 'Environment')).toContain('TRUST_PROXY=loopback');
});

it('sets only variables the configuration table lists', () => {
  const table = readFileSync('docs/deploy.md', 'utf8');
  const names = ['map-your-contradictions.service', 'map-your-contradictions-backup.service']
    .flatMap((name) => values(unit(name), 'Environment'))
    .map((assignment) => assignment.split('=')[0]!);
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(table, name).toContain(`| \`${name}\` |`);
});

it('backs up nightly into a private file through scripts/backup.ts', () => {
  const backup = unit('map-your-contradictions-backup.service');
  expect(values(backup, 'ExecStart')[0]).toContain('node_modules/.bin/node scripts/backup.ts /var/backups/');
  expect(values(backup, 'UMask')).toEqual(['0077']);
  expect(values(unit('map-your-contradictions-backup.timer'), 'OnCalendar')).toEqual(['*-*-* 03:30:00']);
});

it.runIf(spawnSync('systemd-analyze', ['--version']).status === 0)('passes systemd-analyze verify', () => {
  const run = spawnSync(
    'systemd-analyze',
    [
      'verify',
      ...[
        'map-your-contradictions.service',
        'map-your-contradictions-backup.service',
        'map-your-contradictions-backup.timer',
      ].map((n) => `deploy/${n}`),
    ],
    { encoding: 'utf8' },
  );
  const problems = `${run.stdout}${run.stderr}`
    .split('\n')
    .filter((line) => line.trim() && !/is not executable: No such file or directory/.test(line));
  expect(problems).toEqual([]);
});

/**
 * What an operator reads holds: the README says nothing that drifts with
 * each dependency's release (the number of packages npm warns about on Node
 * 20), and the move to a hosted project backs up as the data folder's owner
 * and checks that the hourly name erasure was scheduled.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync('README.md', 'utf8').replace(/\s+/g, ' ');

describe('the README', () => {
  it('speaks of the EBADENGINE warnings without counting them', () => {
    const sentence = /[^.]*EBADENGINE[^.]*\./.exec(readme)?.[0] ?? '';
    expect(sentence).toContain('EBADENGINE');
    expect(sentence).not.toMatch(/\d+ (packages|lines)|\(\d+ lines/);
    expect(readme).not.toMatch(/\b\d+ lines in all\b/);
  });
});

describe('docs/deploy.md', () => {
  const deploy = readFileSync('docs/deploy.md', 'utf8');

  it("runs the move's backup as the user that owns the data folder, as self-hosting.md does", () => {
    const backups = deploy.split('\n').filter((line) => /DATA_DIR=\S+ npm run backup/.test(line));
    expect(backups.length).toBeGreaterThan(0);
    for (const line of backups) expect(line).toMatch(/sudo -u contradictions env DATA_DIR=/);
  });

  it('says to check that the hosted project scheduled the hourly name erasure', () => {
    expect(deploy).toContain('from cron.job');
    expect(deploy).toContain("cron.schedule('erase-expired-names', '17 * * * *'");
  });
});

/**
 * npm run lint:sql in the test run: the Postgres language server over the
 * schema and the new migrations, and Supabase's splinter lints over a
 * migrated database. Every finding is one the README explains. Needs the
 * PostgreSQL server.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KNOWN, lintSql, unknownFindings } from '../../scripts/lint-sql.ts';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe.runIf(process.env.DATABASE_URL)('the SQL lints', () => {
  it('find nothing that the README does not explain', async () => {
    const findings = await lintSql();
    expect(unknownFindings(findings), JSON.stringify(unknownFindings(findings), null, 1)).toEqual([]);
    // The splinter lints ran: these findings are always there on a fresh database.
    expect(findings.filter((f) => f.rule === 'splinter/security/rlsEnabledNoPolicy')).toHaveLength(13);
  }, 180_000);
});

describe('the known SQL lint findings', () => {
  it('are each listed in the README table', () => {
    const table = README.slice(README.indexOf('### SQL lint findings'));
    for (const rule of new Set(KNOWN.map((k) => k.rule))) expect(table, rule).toContain(`\`${rule}\``);
  });

  it('let a new finding through to fail the run', () => {
    const fresh = { rule: 'splinter/security/authUsersExposed', where: 'public.users', message: 'new' };
    expect(unknownFindings([{ ...KNOWN[0]!, message: 'old' }, fresh])).toEqual([fresh]);
  });
});

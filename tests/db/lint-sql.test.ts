/**
 * npm run lint:sql in the test run: the Postgres language server over the
 * schema and the new migrations, and Supabase's splinter lints over a
 * migrated database. Every finding is one scripts/sql-lint-findings.ts
 * lists with its reason. Needs the PostgreSQL server.
 */
import { describe, expect, it } from 'vitest';
import { lintSql } from '../../scripts/lint-sql.ts';
import { KNOWN_FINDINGS, staleFindings, unknownFindings } from '../../scripts/sql-lint-findings.ts';

describe.runIf(process.env.DATABASE_URL)('the SQL lints', () => {
  it('find nothing that is not listed with its reason', async () => {
    const findings = await lintSql();
    expect(unknownFindings(findings), JSON.stringify(unknownFindings(findings), null, 1)).toEqual([]);
    // The splinter lints ran: these findings are always there on a fresh database.
    expect(findings.filter((f) => f.rule === 'splinter/security/rlsEnabledNoPolicy')).toHaveLength(24);
  }, 180_000);
});

describe('the known SQL lint findings', () => {
  it('each say why they stay', () => {
    for (const k of KNOWN_FINDINGS) expect(k.reason.length, `${k.rule} ${k.where}`).toBeGreaterThan(20);
    const keys = KNOWN_FINDINGS.map((k) => `${k.rule} ${k.where}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('let a new finding through to fail the run', () => {
    const fresh = { rule: 'splinter/security/authUsersExposed', where: 'public.users', message: 'new' };
    expect(unknownFindings([{ ...KNOWN_FINDINGS[0]!, message: 'old' }, fresh])).toEqual([fresh]);
  });

  it('name the ones a lint no longer reports, so that their entry goes', () => {
    const [first, second] = KNOWN_FINDINGS.filter((k) => k.rule === 'splinter/performance/unusedIndex');
    const stale = staleFindings([{ ...first!, message: 'still there' }], ['splinter/performance/unusedIndex']);
    expect(stale).toContainEqual(second);
    expect(stale).not.toContainEqual(first);
  });
});

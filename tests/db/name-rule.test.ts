/**
 * The name as the database stores it follows src/core/names.ts, the rule
 * the browser applies before sending; a name that is not a string and a
 * withdrawal secret that is not 64 hex digits are refused, storing nothing.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Database } from '../../server/db/engine.ts';
import { cleanName } from '../../src/core/names.ts';
import { NAME_MAX_LENGTH } from '../../src/core/progress.ts';
import { migrate, readMigrations } from '../../server/db/migrate.ts';
import { callAsAnon, forEachEngine, forEachUnmigratedEngine } from '../support/db-engines.ts';
import { NAME_CASES } from '../support/name-cases.ts';
import { nthChoices } from '../support/random-answers.ts';
import { callAsClient } from '../support/request.ts';

async function storedName(db: Database, name: string): Promise<string | null> {
  const id = randomUUID();
  await callAsAnon(db, 'submit_response', { submission_id: id, name, answers: nthChoices(1) });
  const [row] = await db.query<{ name: string | null }>('select name from public.responses where submission_id = $1', [
    id,
  ]);
  return row!.name;
}

async function rowCount(db: Database): Promise<number> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from public.responses');
  return row!.n;
}

/** Every code point of the Basic Multilingual Plane and of the planes of emoji and tags, but surrogates. */
function codePoints(): number[] {
  const all: number[] = [];
  for (let cp = 1; cp <= 0xffff; cp++) if (cp < 0xd800 || cp > 0xdfff) all.push(cp);
  for (let cp = 0x1f000; cp <= 0x1faff; cp++) all.push(cp);
  for (let cp = 0xe0000; cp <= 0xe01ef; cp++) all.push(cp);
  return all;
}

forEachEngine('the name rule', ({ db }) => {
  it.each(NAME_CASES)('stores %s as src/core/names.ts does', async (_label, typed, stored) => {
    expect(await storedName(db(), typed)).toBe(stored);
  });

  it('cleans every code point as the core does, between letters and between emoji', async () => {
    const inputs = codePoints().flatMap((cp) => {
      const c = String.fromCodePoint(cp);
      return [`a${c}b`, `\u{1F469}${c}\u{1F467}`, `${c}${c}${c}${c}${c}`];
    });
    const differ: string[] = [];
    for (let i = 0; i < inputs.length; i += 20_000) {
      const batch = inputs.slice(i, i + 20_000);
      const rows = await db().query<{ cleaned: string | null }>(
        'select private.clean_name(t.name) as cleaned from unnest($1::text[]) with ordinality as t(name, n) order by t.n',
        [batch],
      );
      batch.forEach((name, j) => {
        const expected = cleanName(name);
        if (rows[j]!.cleaned !== expected)
          differ.push(`${JSON.stringify(name)}: ${JSON.stringify(rows[j]!.cleaned)} vs ${JSON.stringify(expected)}`);
      });
    }
    expect(differ.slice(0, 20)).toEqual([]);
  });

  it.each([
    ['a number', 42, 'number'],
    ['a boolean', true, 'boolean'],
    ['an object', { first: 'Ada' }, 'object'],
    ['an array', ['Ada'], 'array'],
  ])('refuses %s as a name with a 400, storing nothing', async (_label, name, type) => {
    const before = await rowCount(db());
    const answer = await callAsClient(
      db(),
      'submit_response',
      { submission_id: randomUUID(), name, answers: nthChoices(1) },
      '203.0.113.7',
    );
    expect(answer).toMatchObject({
      status: 400,
      body: { code: '22023', message: 'name must be a string or null', details: `The name is a JSON ${type}.` },
    });
    expect(await rowCount(db())).toBe(before);
  });

  it.each([
    ['32 spaces', ' '.repeat(32)],
    ['63 hex digits', 'a'.repeat(63)],
    ['65 hex digits', 'a'.repeat(65)],
    ['64 characters with one not hex', `${'a'.repeat(63)}g`],
    ['64 upper-case hex digits', 'A'.repeat(64)],
    ['64 hex digits and a space', ` ${'a'.repeat(64)}`],
  ])('refuses a withdrawal secret of %s with a 400, storing nothing', async (_label, secret) => {
    const before = await rowCount(db());
    await expect(
      callAsAnon(db(), 'submit_response', {
        submission_id: randomUUID(),
        name: 'Secretive',
        answers: nthChoices(1),
        withdrawal_secret: secret,
      }),
    ).rejects.toMatchObject({ status: 400 });
    expect(await rowCount(db())).toBe(before);
  });
});

forEachUnmigratedEngine('names stored before the name rule', ({ db }) => {
  it('are cleaned by its migration, as a new save would store them', async () => {
    const CLEANED_BY = '20261127215300';
    await migrate(
      db(),
      readMigrations().filter((m) => m.version < CLEANED_BY),
    );
    // The cases the old rule let in: within the length limit.
    const cases = NAME_CASES.filter(([, typed]) => [...typed].length <= NAME_MAX_LENGTH);
    expect(cases.length).toBeGreaterThan(20);
    await db().query(
      `insert into public.responses (submission_id, name, love, duty, honor, reason,
                                     love_normalized, duty_normalized, honor_normalized, reason_normalized)
       select gen_random_uuid(), n, 1, 1, 1, 1, 0.1, 0.1, 0.1, 0.1 from unnest($1::text[]) with ordinality as t(n, i) order by i`,
      [cases.map(([, typed]) => typed)],
    );
    await migrate(db());
    const names = await db().query<{ name: string | null }>('select name from public.responses order by id');
    expect(names.map((r) => r.name)).toEqual(cases.map(([, , stored]) => stored));
  });
});

import { expect, it } from 'vitest';
import type { Database } from '../../server/db/engine.ts';
import { MAX_BYTES, MIN_CHARS } from '../../server/hidden-page-password.ts';
import { NAME_MAX_LENGTH } from '../../src/core/progress.ts';
import { forEachEngine } from '../support/db-engines.ts';
import { nthChoices } from '../support/random-answers.ts';
import { submit } from '../support/submit.ts';

async function storedName(db: Database, name: string): Promise<string | null> {
  const { submission_id } = await submit(db, nthChoices(2), name);
  const [row] = await db.query<{ name: string | null }>('select name from public.responses where submission_id = $1', [
    submission_id,
  ]);
  return row!.name;
}

forEachEngine('names as they are stored', ({ db }) => {
  it.each([
    ['bidirectional overrides and isolates', 'Ada\u202E evil\u202C\u2066x\u2069', 'Ada evilx'],
    ['zero-width characters', '\u200BAda\u200C\u200D Love\u2060lace\uFEFF', 'Ada Lovelace'],
    ['control characters', 'A\u0007da\u001B[31m\u007F\u0085', 'Ada[31m'],
    ['line breaks and tabs, which become spaces before trimming', '\n\tAda\r\nLovelace\u2028 ', 'Ada  Lovelace'],
    ['invisible formatting around plain spaces', ' \u200E \u200F Ada \u061C ', 'Ada'],
  ])('loses %s', async (_label, name, expected) => {
    expect(await storedName(db(), name)).toBe(expected);
  });

  it('stores a name of nothing but invisible characters as anonymous', async () => {
    expect(await storedName(db(), '\u200B\u202E\u2066 \t\u200D')).toBeNull();
  });

  it('checks the length after cleaning', async () => {
    const name = 'n'.repeat(NAME_MAX_LENGTH);
    expect(await storedName(db(), `\u200B${name}\u202E\u2069`)).toBe(name);
    await expect(submit(db(), nthChoices(2), `${name}x\u200B`)).rejects.toMatchObject({
      body: { code: '22023', message: `name must be at most ${NAME_MAX_LENGTH} characters` },
    });
  });

  it('keeps letters of every script, accents and emoji', async () => {
    for (const name of ['Zoë Ødegård', 'محمد', 'לאה', '李小龙', 'Ana 🌹'])
      expect(await storedName(db(), name)).toBe(name);
  });

  it('holds the same limit in the table, for rows written without the API', async () => {
    await expect(
      db().query(
        `insert into public.responses (submission_id, name, love, duty, honor, reason,
           love_normalized, duty_normalized, honor_normalized, reason_normalized)
         values (gen_random_uuid(), $1, 0, 0, 0, 0, 0, 0, 0, 0)`,
        ['y'.repeat(NAME_MAX_LENGTH + 1)],
      ),
    ).rejects.toMatchObject({ code: '23514' });
  });
});

async function passwordHash(db: Database): Promise<string | null> {
  const [row] = await db.query<{ password_hash: string }>('select password_hash from public.hidden_page_secret');
  return row?.password_hash ?? null;
}

forEachEngine('the hidden page password length', ({ db }) => {
  it('has the bounds npm run set-password checks before it connects', async () => {
    expect(
      await db().query(
        'select private.hidden_page_password_min_chars() as min, private.hidden_page_password_max_bytes() as max',
      ),
    ).toEqual([{ min: MIN_CHARS, max: MAX_BYTES }]);
  });

  it('accepts 72 bytes and refuses 73 with a clear error, keeping the password it had', async () => {
    await db().query('select public.set_hidden_page_password($1)', ['p'.repeat(72)]);
    const hash = await passwordHash(db());
    await expect(db().query('select public.set_hidden_page_password($1)', ['p'.repeat(73)])).rejects.toMatchObject({
      code: '22023',
      message: 'the password must be at most 72 bytes (in UTF-8): bcrypt reads no further',
      detail: 'This one has 73 bytes.',
    });
    expect(await passwordHash(db())).toBe(hash);
  });

  it('counts bytes, not characters', async () => {
    await db().query('select public.set_hidden_page_password($1)', ['€'.repeat(24)]);
    const hash = await passwordHash(db());
    await expect(db().query('select public.set_hidden_page_password($1)', ['€'.repeat(25)])).rejects.toMatchObject({
      code: '22023',
      detail: 'This one has 75 bytes.',
    });
    expect(await passwordHash(db())).toBe(hash);
  });

  it('still refuses fewer than 8 characters', async () => {
    await expect(db().query('select public.set_hidden_page_password($1)', ['short'])).rejects.toMatchObject({
      code: '22023',
      message: 'the password must be at least 8 characters',
    });
  });
});

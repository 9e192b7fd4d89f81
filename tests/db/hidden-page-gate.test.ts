/**
 * The hidden page's gate as PostgREST calls it: GET and HEAD refused before
 * any password work, the key that lets the holder past a flood of wrong
 * guesses, IPv6 clients limited by their /64, and service_role able to run
 * the whole API.
 */
import { randomUUID } from 'node:crypto';
import { beforeEach, expect, it } from 'vitest';
import type { Database } from '../../server/db/engine.ts';
import { fromDatabaseError } from '../../server/postgrest-errors.ts';
import { forEachEngine } from '../support/db-engines.ts';
import { nthChoices } from '../support/random-answers.ts';
import { callAsClient } from '../support/request.ts';
import { submit } from '../support/submit.ts';

const PASSWORD = 'the holder passphrase';
const NAME = 'Gated Gertrude';

/** Each function that checks the password, with the rest of its arguments. */
const GATED: [fn: string, args: Record<string, unknown>][] = [
  ['hidden_page_insights', {}],
  ['find_respondents', { query: 'gert' }],
  ['export_respondents', { after_id: null, page_size: 10 }],
  ['unlock_hidden_page', {}],
];

interface Answer {
  status: number;
  body: unknown;
  headers: string | null;
}

/**
 * One call exactly as PostgREST makes it for a GET or HEAD: a read-only
 * transaction, the request's method and headers in settings, role anon.
 * `method` null leaves request.method unset: only the transaction is read-only.
 */
async function readOnlyCall(
  db: Database,
  method: 'GET' | 'HEAD' | null,
  fn: string,
  args: Record<string, unknown>,
): Promise<Answer> {
  const names = Object.keys(args);
  const call = `public.${fn}(${names.map((k, i) => `${k} => $${i + 1}`).join(', ')})`;
  const params = names.map((k) => (args[k] === null || args[k] === undefined ? null : String(args[k])));
  try {
    return await db.transaction(async (tx) => {
      await tx.exec('set transaction read only');
      await tx.query(
        `select set_config('request.method', $1, true), set_config('request.path', $2, true),
                set_config('request.headers', $3, true)`,
        [method ?? '', `/rpc/${fn}`, JSON.stringify({ 'cf-connecting-ip': '203.0.113.44' })],
      );
      await tx.exec('set local role anon');
      const [row] = await tx.query<{ body: string }>(`select to_json(${call})::text as body`, params);
      const [response] = await tx.query<{ status: string | null; headers: string | null }>(
        `select current_setting('response.status', true) as status, current_setting('response.headers', true) as headers`,
      );
      return {
        status: response?.status ? Number(response.status) : 200,
        body: JSON.parse(row!.body) as unknown,
        headers: response?.headers || null,
      };
    });
  } catch (error) {
    const e = fromDatabaseError(error);
    return { status: e.status, body: e.body, headers: null };
  }
}

const READ_ONLY_REFUSAL: Answer = {
  status: 405,
  body: {
    code: 'PT405',
    message: 'the hidden page answers POST requests only',
    details: 'A GET or HEAD request cannot count a wrong password, so none is checked.',
    hint: 'Send the password or key in the JSON body of a POST request.',
  },
  headers: null,
};

async function resetLimits(db: Database): Promise<void> {
  await db.exec(`
    delete from private.client_events;
    delete from private.password_lockouts;
    update private.clock set ahead = interval '0';
    update private.limits set max_count = 100 where name = 'wrong_passwords_overall';`);
  await db.query('select public.set_hidden_page_password($1)', [PASSWORD]);
}

function insights(db: Database, credentials: { password?: string | null; key?: string | null }, address: string) {
  return callAsClient<{ points: { names: (string | null)[] } }>(db, 'hidden_page_insights', credentials, address);
}

async function unlock(db: Database, address: string): Promise<string> {
  const answer = await callAsClient<{ key: string; expires_at: string }>(
    db,
    'unlock_hidden_page',
    { password: PASSWORD },
    address,
  );
  expect(answer.status).toBe(200);
  return (answer.body as { key: string }).key;
}

forEachEngine('the hidden page gate under GET and HEAD', ({ db }) => {
  beforeEach(async () => {
    await resetLimits(db());
    await submit(db(), nthChoices(3), NAME);
  });

  it.each(GATED)('refuses %s read-only, with one answer for the right and a wrong password', async (fn, args) => {
    for (const method of ['GET', 'HEAD', null] as const) {
      const right = await readOnlyCall(db(), method, fn, { ...args, password: PASSWORD });
      const wrong = await readOnlyCall(db(), method, fn, { ...args, password: 'not the password' });
      expect(right, `${method} right`).toEqual(READ_ONLY_REFUSAL);
      expect(wrong, `${method} wrong`).toEqual(READ_ONLY_REFUSAL);
      expect(JSON.stringify(right.body)).not.toContain(NAME);
    }
  });

  it('refuses a GET even with a valid key, and counts nothing', async () => {
    const key = await unlock(db(), '203.0.113.45');
    expect(await readOnlyCall(db(), 'GET', 'hidden_page_insights', { key })).toEqual(READ_ONLY_REFUSAL);
    const [events] = await db().query<{ n: number }>('select count(*)::int as n from private.client_events');
    expect(events!.n).toBe(0);
  });
});

forEachEngine('the hidden page key', ({ db }) => {
  beforeEach(async () => {
    await resetLimits(db());
    await submit(db(), nthChoices(4), NAME);
  });

  // The shipped overall cap is 100 (5 each from 20 addresses); at 20, four addresses fill it with a fifth of the bcrypt work.
  it('lets the holder in past a flood of wrong passwords from many addresses, which locks out the password itself', async () => {
    await db().query("update private.limits set max_count = 20 where name = 'wrong_passwords_overall'");
    const key = await unlock(db(), '198.51.100.200');
    for (let a = 1; a <= 4; a++)
      for (let i = 0; i < 5; i++) await insights(db(), { password: `guess ${a}.${i}` }, `192.0.2.${a}`);
    const byPassword = await insights(db(), { password: PASSWORD }, '198.51.100.200');
    expect(byPassword).toMatchObject({
      status: 429,
      body: { message: 'too many wrong passwords from all addresses together' },
    });
    const byKey = await insights(db(), { key }, '198.51.100.200');
    expect(byKey.status).toBe(200);
    expect((byKey.body as { points: { names: string[] } }).points.names).toContain(NAME);
    for (const [fn, args] of GATED.slice(1, 3)) {
      const answer = await callAsClient(db(), fn, { ...args, password: null, key }, '198.51.100.200');
      expect(answer.status, fn).toBe(200);
      expect(JSON.stringify(answer.body), fn).toContain(NAME);
    }
    // From an address that is itself locked out, too.
    expect((await insights(db(), { key }, '192.0.2.1')).status).toBe(200);
  });

  it('keeps only a hash of the key, which expires after 30 days and with a new password', async () => {
    const answer = await callAsClient<{ key: string; expires_at: string }>(
      db(),
      'unlock_hidden_page',
      { password: PASSWORD },
      '198.51.100.201',
    );
    const { key, expires_at } = answer.body as { key: string; expires_at: string };
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(expires_at).getTime() - Date.now()).toBeGreaterThan(29.9 * 24 * 3600 * 1000);
    const [stored] = await db().query<{ n: number; plain: number }>(
      `select count(*)::int as n, count(*) filter (where to_jsonb(k)::text like '%' || $1 || '%')::int as plain
         from private.hidden_page_keys k`,
      [key],
    );
    expect(stored).toEqual({ n: 1, plain: 0 });

    const expired = {
      status: 403,
      body: {
        code: '28P01',
        message: 'unknown or expired key',
        details: null,
        hint: 'Unlock the page with its password again.',
      },
      headers: [],
    };
    await db().query("update private.clock set ahead = interval '30 days'");
    expect(await insights(db(), { key }, '198.51.100.201')).toEqual(expired);
    await db().query("update private.clock set ahead = interval '0'");
    expect((await insights(db(), { key }, '198.51.100.201')).status).toBe(200);
    await db().query('select public.set_hidden_page_password($1)', ['a brand new passphrase']);
    expect(await insights(db(), { key }, '198.51.100.201')).toEqual(expired);
    expect(await insights(db(), { key: randomUUID() }, '198.51.100.201')).toEqual(expired);
    // A refused key is no wrong password: nothing was counted.
    const [events] = await db().query<{ n: number }>('select count(*)::int as n from private.client_events');
    expect(events!.n).toBe(0);
  });

  it('checks the password when the key sent with it is unknown', async () => {
    expect((await insights(db(), { password: PASSWORD, key: 'stale' }, '198.51.100.202')).status).toBe(200);
    expect(await insights(db(), { password: 'wrong one', key: 'stale' }, '198.51.100.202')).toMatchObject({
      status: 403,
      body: { message: 'invalid password' },
    });
  });
});

forEachEngine('the password limits per network', ({ db }) => {
  beforeEach(() => resetLimits(db()));

  it('counts an IPv6 client by its /64, and an IPv4-mapped one as its IPv4 address', async () => {
    for (let i = 1; i <= 5; i++) await insights(db(), { password: `guess ${i}` }, `2001:db8:1:2::${i}`);
    expect((await insights(db(), { password: PASSWORD }, '2001:db8:1:2:ffff:ffff:ffff:9')).status).toBe(429);
    expect((await insights(db(), { password: PASSWORD }, '2001:db8:1:3::1')).status).toBe(200);

    for (let i = 1; i <= 5; i++) await insights(db(), { password: `guess ${i}` }, '::ffff:198.51.100.77');
    expect((await insights(db(), { password: PASSWORD }, '198.51.100.77')).status).toBe(429);
    expect((await insights(db(), { password: PASSWORD }, '198.51.100.78')).status).toBe(200);
  });
});

forEachEngine('the API as service_role', ({ db }) => {
  /** One call as the secret key's role, the way server-side code with it calls the API. */
  function asServiceRole(sql: string, params: unknown[] = []) {
    return db().transaction(async (tx) => {
      await tx.exec('set local role service_role');
      return tx.query<{ body: unknown }>(sql, params);
    });
  }

  it('runs every public API function', async () => {
    await resetLimits(db());
    const id = randomUUID();
    const answers = JSON.stringify(nthChoices(5));
    const calls: [string, unknown[]][] = [
      ['select public.insights() as body', []],
      ['select public.answer_shares() as body', []],
      ['select public.response_stats() as body', []],
      ['select public.submit_response($1, null, $2::jsonb) as body', [id, answers]],
      ['select public.withdraw_response($1, $2) as body', [id, 'x'.repeat(40)]],
      ['select public.hidden_page_insights($1) as body', [PASSWORD]],
      ['select public.find_respondents($1, $2) as body', [PASSWORD, 'a']],
      ['select public.export_respondents($1, null, 10) as body', [PASSWORD]],
      ['select public.unlock_hidden_page($1) as body', [PASSWORD]],
      ['select public.set_hidden_page_password($1) as body', [PASSWORD]],
      // Groups: every call answers for a code or key that names no group, as for one that does.
      ['select public.create_group($1::jsonb) as body', [JSON.stringify('Service group')]],
      ['select public.group_info($1) as body', ['a'.repeat(22)]],
      ['select public.join_group($1, $2, $3, $4) as body', ['a'.repeat(22), id, 'x'.repeat(40), 'c'.repeat(64)]],
      ['select public.group_map($1) as body', ['c'.repeat(64)]],
      ['select public.leave_group($1) as body', ['c'.repeat(64)]],
      ['select public.rename_group($1, $2::jsonb) as body', ['o'.repeat(43), JSON.stringify('Renamed')]],
      ['select public.set_group_open($1, false) as body', ['o'.repeat(43)]],
      ['select public.remove_group_member($1, 1) as body', ['o'.repeat(43)]],
      ['select public.delete_group($1) as body', ['o'.repeat(43)]],
      ['select public.group_csv_rows($1) as body', ['o'.repeat(43)]],
    ];
    const listed = await db().query<{ fn: string }>(
      `select p.proname as fn from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and has_function_privilege('anon', p.oid, 'execute') order by 1`,
    );
    for (const { fn } of listed)
      expect(
        calls.some(([sql]) => sql.includes(`public.${fn}(`)),
        fn,
      ).toBe(true);
    for (const [sql, params] of calls) {
      const rows = await asServiceRole(sql, params);
      expect(rows, sql).toHaveLength(1);
    }
  });
});

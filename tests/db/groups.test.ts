/**
 * Groups without accounts (supabase/schemas/80_groups.sql): the API role
 * reads no group table; codes and keys are kept as hashes; nothing of a
 * group answers without its code or a key; leaving, removal, deletion,
 * withdrawal and expiry leave no membership behind; the limits hold when
 * calls meet.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { GROUP_NAME_MAX_LENGTH } from '../../src/core/groups.ts';
import type { Database } from '../../server/db/engine.ts';
import { eraseExpiredNamesHourly } from '../../server/retention.ts';
import { asAnon, callAsAnon, forEachEngine } from '../support/db-engines.ts';
import { nthChoices } from '../support/random-answers.ts';
import { callAsClient } from '../support/request.ts';

interface Saved {
  submission_id: string;
  secret: string;
}
interface Created {
  join_code: string;
  owner_key: string;
}
interface Member {
  id: number;
  name?: string;
  raw: number[];
  joined_at?: string;
}
interface GroupMap {
  found: boolean;
  role?: 'owner' | 'member';
  name?: string;
  open?: boolean;
  you?: number | null;
  members?: Member[];
}

const hex = () => randomBytes(32).toString('hex');
let addressCount = 0;
/** A new client address for each call that must not share another's limits. */
const newAddress = () => `203.0.113.${(addressCount++ % 250) + 1}`;

async function save(db: Database, name: string | null, n = 1): Promise<Saved> {
  const saved = { submission_id: randomUUID(), secret: hex() };
  await callAsAnon(db, 'submit_response', {
    submission_id: saved.submission_id,
    name,
    answers: nthChoices(n),
    withdrawal_secret: saved.secret,
  });
  return saved;
}

async function create(db: Database, name: string, address: string | null = newAddress()): Promise<Created> {
  const answer = await callAsClient<Created>(db, 'create_group', { name }, address);
  expect(answer.status).toBe(200);
  return answer.body as Created;
}

function join(db: Database, code: string, saved: Saved, memberKey: string, address: string | null = newAddress()) {
  return callAsClient(db, 'join_group', { join_code: code, ...saved, member_key: memberKey }, address);
}

const map = (db: Database, key: string) => callAsAnon<GroupMap>(db, 'group_map', { key });

forEachEngine('groups', ({ db }) => {
  it('limits a group name as the core does (GROUP_NAME_MAX_LENGTH)', async () => {
    const [row] = await db().query<{ n: number }>('select private.group_name_max_length() as n');
    expect(row!.n).toBe(GROUP_NAME_MAX_LENGTH);
  });

  it('keeps every group table from the API roles: no privilege, and a read is refused', async () => {
    for (const table of ['private.groups', 'private.group_members']) {
      const [rights] = await db().query<{ anon: boolean; authenticated: boolean; rls: boolean }>(
        `select has_table_privilege('anon', $1, 'select') as anon,
                has_table_privilege('authenticated', $1, 'select') as authenticated,
                (select relrowsecurity from pg_class where oid = $1::regclass) as rls`,
        [table],
      );
      expect(rights).toEqual({ anon: false, authenticated: false, rls: true });
      await expect(asAnon(db(), `select * from ${table}`)).rejects.toThrow(/permission denied/);
    }
  });

  it('creates a group, stores its code and keys as hashes only, and maps both members by name', async () => {
    const group = await create(db(), '  Tuesday book club\u00a0');
    expect(group.join_code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(group.owner_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await callAsAnon(db(), 'group_info', { join_code: group.join_code })).toEqual({
      found: true,
      name: 'Tuesday book club',
      open: true,
    });

    const ada = await save(db(), 'Ada', 1);
    const ben = await save(db(), 'Ben', 2);
    const adaKey = hex();
    const benKey = hex();
    expect((await join(db(), group.join_code, ada, adaKey)).body).toEqual({
      joined: true,
      name: 'Tuesday book club',
    });
    expect((await join(db(), group.join_code, ben, benKey)).body).toEqual({ joined: true, name: 'Tuesday book club' });

    // Only hashes: no stored byte spells the code or a key, in text or as bytes.
    const stored = (
      await db().query<{ row: string }>(
        `select to_jsonb(g)::text || coalesce(to_jsonb(m)::text, '') as row
         from private.groups g left join private.group_members m on m.group_id = g.id
         where g.name = 'Tuesday book club'`,
      )
    )
      .map((r) => r.row)
      .join('\n');
    for (const secret of [group.join_code, group.owner_key, adaKey, benKey]) {
      expect(stored).not.toContain(secret);
      expect(stored).not.toContain(Buffer.from(secret).toString('hex'));
    }
    expect(stored).toContain(
      (
        await db().query<{ h: string }>(`select encode(private.group_secret_hash('key', $1), 'hex') as h`, [
          group.owner_key,
        ])
      )[0]!.h,
    );

    const owner = await map(db(), group.owner_key);
    expect(owner).toMatchObject({ found: true, role: 'owner', name: 'Tuesday book club', open: true, you: null });
    expect(owner.members!.map((m) => m.name)).toEqual(['Ada', 'Ben']);
    expect(owner.members!.every((m) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(m.joined_at ?? ''))).toBe(true);
    const [adaRow] = await db().query<{ raw: number[] }>(
      `select json_build_array(love, duty, honor, reason) as raw from public.responses where submission_id = $1`,
      [ada.submission_id],
    );
    expect(owner.members![0]!.raw).toEqual(adaRow!.raw);

    const asBen = await map(db(), benKey);
    expect(asBen).toMatchObject({ found: true, role: 'member', you: owner.members![1]!.id });
    expect(asBen.members!.map((m) => m.name)).toEqual(['Ada', 'Ben']);
    expect(asBen.members!.some((m) => 'joined_at' in m)).toBe(false);
  });

  it('answers alike for an unknown, a mistyped and a deleted code, and opens nothing with a wrong key', async () => {
    const group = await create(db(), 'Writers room');
    const member = await save(db(), 'Cleo');
    const memberKey = hex();
    await join(db(), group.join_code, member, memberKey);
    const deleted = await create(db(), 'Gone soon');
    expect(await callAsAnon(db(), 'delete_group', { owner_key: deleted.owner_key })).toEqual({ done: true });

    const mistyped = group.join_code.slice(0, -1) + (group.join_code.endsWith('A') ? 'B' : 'A');
    const codes = [randomBytes(16).toString('base64url'), mistyped, deleted.join_code, '', 'x'.repeat(5000)];
    for (const join_code of codes) {
      const answer = await callAsClient(db(), 'group_info', { join_code }, newAddress());
      expect(answer).toEqual({ status: 200, body: { found: false }, headers: [] });
      const joined = await join(db(), join_code, member, hex());
      expect(joined).toEqual({ status: 200, body: { joined: false, reason: 'unknown' }, headers: [] });
    }

    for (const key of [hex(), group.join_code, mistyped, deleted.owner_key, '']) {
      expect(await map(db(), key)).toEqual({ found: false });
      expect(await callAsAnon(db(), 'group_csv_rows', { owner_key: key })).toEqual({ done: false });
    }
    // A member's key is no owner's key.
    for (const [fn, args] of [
      ['rename_group', { name: 'Mine now' }],
      ['set_group_open', { open: false }],
      ['delete_group', {}],
      ['group_csv_rows', {}],
    ] as const) {
      expect(await callAsAnon(db(), fn, { owner_key: memberKey, ...args })).toEqual({ done: false });
    }
    const [{ id } = { id: 0 }] = (await map(db(), group.owner_key)).members!;
    expect(await callAsAnon(db(), 'remove_group_member', { owner_key: memberKey, member_id: id })).toEqual({
      done: false,
    });
    expect(await map(db(), group.owner_key)).toMatchObject({ name: 'Writers room', open: true });
    expect((await map(db(), group.owner_key)).members).toHaveLength(1);
  });

  it('refuses a result the caller cannot prove, a closed group, and a malformed name or key', async () => {
    const group = await create(db(), 'Class 4B');
    const saved = await save(db(), 'Dan');
    expect((await join(db(), group.join_code, { ...saved, secret: hex() }, hex())).body).toEqual({
      joined: false,
      reason: 'no_result',
    });
    expect(await callAsAnon(db(), 'set_group_open', { owner_key: group.owner_key, open: false })).toEqual({
      done: true,
    });
    expect(await callAsAnon(db(), 'group_info', { join_code: group.join_code })).toMatchObject({ open: false });
    expect((await join(db(), group.join_code, saved, hex())).body).toEqual({ joined: false, reason: 'closed' });
    await callAsAnon(db(), 'set_group_open', { owner_key: group.owner_key, open: true });
    expect((await join(db(), group.join_code, saved, hex())).body).toMatchObject({ joined: true });

    for (const name of ['', '   ', '\u200b\u200b', 'x'.repeat(61), 7, null]) {
      const answer = await callAsClient(db(), 'create_group', { name }, newAddress());
      expect(answer.status).toBe(400);
    }
    expect((await callAsClient(db(), 'create_group', { name: 'é'.repeat(60) }, newAddress())).status).toBe(200);
    expect((await join(db(), group.join_code, saved, 'not hex')).status).toBe(400);
    const renamed = await callAsClient(db(), 'rename_group', { owner_key: group.owner_key, name: ' ' }, null);
    expect(renamed.status).toBe(400);
    expect(await callAsAnon(db(), 'rename_group', { owner_key: group.owner_key, name: 'Class 4C' })).toEqual({
      done: true,
    });
    expect(await callAsAnon(db(), 'group_info', { join_code: group.join_code })).toMatchObject({ name: 'Class 4C' });
  });

  it('leaves no membership after leaving, removal, withdrawal, deletion and expiry; the results stay saved', async () => {
    const group = await create(db(), 'Leavers');
    const people = await Promise.all(['Eve', 'Finn', 'Gus', 'Hal'].map((name, i) => save(db(), name, i + 3)));
    const keys = people.map(() => hex());
    for (const [i, p] of people.entries()) await join(db(), group.join_code, p, keys[i]!);
    const membersOf = async () =>
      (
        await db().query<{ name: string }>(
          `select r.name from private.group_members m join public.responses r on r.id = m.response_id
           join private.groups g on g.id = m.group_id where g.owner_key_hash = private.group_secret_hash('key', $1)
           order by m.id`,
          [group.owner_key],
        )
      ).map((r) => r.name);
    await db().query('delete from private.vacuum_due');

    expect(await callAsAnon(db(), 'leave_group', { key: keys[0] })).toEqual({ left: true });
    expect(await callAsAnon(db(), 'leave_group', { key: keys[0] })).toEqual({ left: false });
    expect(await membersOf()).toEqual(['Finn', 'Gus', 'Hal']);
    expect(await map(db(), keys[0]!)).toEqual({ found: false });

    const finn = (await map(db(), group.owner_key)).members!.find((m) => m.name === 'Finn')!;
    expect(await callAsAnon(db(), 'remove_group_member', { owner_key: group.owner_key, member_id: finn.id })).toEqual({
      done: true,
    });
    expect(await map(db(), keys[1]!)).toEqual({ found: false });
    expect(await membersOf()).toEqual(['Gus', 'Hal']);

    // Withdrawal leaves every group.
    const other = await create(db(), 'Second group');
    await join(db(), other.join_code, people[2]!, hex());
    expect(await callAsAnon(db(), 'withdraw_response', { ...people[2]! })).toEqual({ withdrawn: true });
    expect(await membersOf()).toEqual(['Hal']);
    expect((await map(db(), other.owner_key)).members).toEqual([]);

    const [{ n: before } = { n: 0 }] = await db().query<{ n: number }>(
      'select count(*)::int as n from public.responses',
    );
    expect(await callAsAnon(db(), 'delete_group', { owner_key: group.owner_key })).toEqual({ done: true });
    expect(await map(db(), keys[3]!)).toEqual({ found: false });
    expect(await db().query(`select 1 from private.groups where name = 'Leavers'`)).toEqual([]);
    expect(
      await db().query(
        'select 1 from private.group_members m where not exists (select 1 from private.groups g where g.id = m.group_id)',
      ),
    ).toEqual([]);
    const [{ n: after } = { n: 0 }] = await db().query<{ n: number }>(
      'select count(*)::int as n from public.responses',
    );
    expect(after).toBe(before);
    const due = await db().query<{ relation: string }>('select relation from private.vacuum_due order by 1');
    expect(due.map((d) => d.relation)).toEqual(
      expect.arrayContaining(['private.group_members', 'private.groups', 'public.responses']),
    );

    // Expiry: past the retention since the last join, with the hourly run.
    const stale = await create(db(), 'Stale group');
    const fresh = await create(db(), 'Fresh group');
    const ivy = await save(db(), 'Ivy');
    await join(db(), stale.join_code, ivy, hex());
    await join(db(), fresh.join_code, ivy, hex());
    await db().query(
      `update private.groups set last_joined_at = now() - interval '181 days', created_at = now() - interval '200 days'
       where name = 'Stale group'`,
    );
    const silent = { info: () => undefined, error: (m: string) => expect.fail(m) };
    (await eraseExpiredNamesHourly(db(), { log: silent })).stop();
    expect(await callAsAnon(db(), 'group_info', { join_code: stale.join_code })).toEqual({ found: false });
    expect(await map(db(), stale.owner_key)).toEqual({ found: false });
    expect((await map(db(), fresh.owner_key)).members!.map((m) => m.name)).toEqual(['Ivy']);
    expect(await db().query(`select 1 from private.groups where name = 'Stale group'`)).toEqual([]);
    // The upkeep vacuumed the group tables and took them off the list.
    expect(await db().query(`select relation from private.vacuum_due where relation like 'private.group%'`)).toEqual(
      [],
    );
  });

  it('holds the creation limit and the member ceiling when calls meet, and a join shares the save limit', async () => {
    const address = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 14 }, (_, i) => callAsClient(db(), 'create_group', { name: `Burst ${i}` }, address)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(4);
    for (const r of refused) {
      expect(Number(r.headers[0]?.['Retry-After'])).toBeGreaterThan(0);
      expect(r.body).toMatchObject({ code: 'PT429', message: 'too many groups created from this address' });
    }
    expect(await db().query(`select 1 from private.groups where name like 'Burst %'`)).toHaveLength(10);

    await db().query(`update private.settings set value = '5' where name = 'group_max_members'`);
    try {
      const group = await create(db(), 'Small room');
      const people = await Promise.all(Array.from({ length: 9 }, (_, i) => save(db(), `P${i}`, i)));
      const joined = await Promise.all(people.map((p) => join(db(), group.join_code, p, hex())));
      expect(joined.filter((j) => (j.body as { joined: boolean }).joined)).toHaveLength(5);
      expect(joined.filter((j) => (j.body as { reason?: string }).reason === 'full')).toHaveLength(4);
      expect((await map(db(), group.owner_key)).members).toHaveLength(5);
    } finally {
      await db().query(`update private.settings set value = '1000' where name = 'group_max_members'`);
    }

    await db().query(`update private.limits set max_count = 3 where name = 'submissions_per_client'`);
    try {
      const one = newAddress();
      const group = await create(db(), 'Shared cap');
      const first = { submission_id: randomUUID(), secret: hex() };
      const send = (s: Saved) =>
        callAsClient(
          db(),
          'submit_response',
          { submission_id: s.submission_id, name: 'Jo', answers: nthChoices(1), withdrawal_secret: s.secret },
          one,
        );
      const second = { submission_id: randomUUID(), secret: hex() };
      expect((await send(first)).status).toBe(200);
      expect((await send(second)).status).toBe(200);
      expect((await join(db(), group.join_code, first, hex(), one)).body).toMatchObject({ joined: true });
      const past = await join(db(), group.join_code, second, hex(), one);
      expect(past.status).toBe(429);
      expect(Number(past.headers[0]?.['Retry-After'])).toBeGreaterThan(0);
      // A retried join of a result already in the group is answered, not counted.
      expect((await join(db(), group.join_code, first, hex(), one)).body).toMatchObject({ joined: true });
      expect((await map(db(), group.owner_key)).members).toHaveLength(1);
    } finally {
      await db().query(`update private.limits set max_count = 60 where name = 'submissions_per_client'`);
    }
  });
});

/**
 * The throttles read as an operator reads them (the owner, every table):
 * nothing in them joins a client address to a response, by time, by order
 * or by the address itself.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { beforeEach, expect, it } from 'vitest';
import type { Database } from '../../server/db/engine.ts';
import { forEachEngine } from '../support/db-engines.ts';
import { nthChoices } from '../support/random-answers.ts';
import { callAsClient } from '../support/request.ts';

const ADDRESSES = ['198.51.100.31', '203.0.113.32', '2001:db8:77::33'];

/** Every relation of private that keeps a client address: the throttles. */
async function throttleColumns(db: Database) {
  return db.query<{ relation: string; column_name: string; data_type: string; is_identity: string; fed: boolean }>(
    `select 'private.' || c.table_name as relation, c.column_name, c.data_type, c.is_identity,
            coalesce(c.column_default like 'nextval(%', false) as fed
       from information_schema.columns c
      where c.table_schema = 'private'
        and c.table_name in (select table_name from information_schema.columns
                              where table_schema = 'private' and column_name = 'client_address')
      order by 1, c.ordinal_position`,
  );
}

/** Submits, withdraws and guesses once from each address, in this order. */
async function actFrom(db: Database, addresses: string[]): Promise<void> {
  for (const [i, address] of addresses.entries()) {
    const id = randomUUID();
    const saved = await callAsClient(
      db,
      'submit_response',
      {
        submission_id: id,
        name: `Named ${i}`,
        answers: nthChoices(i),
        withdrawal_secret: randomBytes(32).toString('hex'),
      },
      address,
    );
    expect(saved.status).toBe(200);
    await callAsClient(
      db,
      'withdraw_response',
      { submission_id: randomUUID(), secret: randomBytes(32).toString('hex') },
      address,
    );
    await callAsClient(db, 'hidden_page_insights', { password: 'a wrong guess' }, address);
  }
}

/** Every row of every throttle, as text, in a fixed order. */
async function throttleRows(db: Database): Promise<string[]> {
  const relations = [...new Set((await throttleColumns(db)).map((c) => c.relation))];
  const rows: string[] = [];
  for (const relation of relations) {
    const found = await db.query<{ row: string }>(`select to_jsonb(t)::text as row from ${relation} t`);
    rows.push(...found.map((r) => `${relation} ${r.row}`));
  }
  return rows.sort();
}

forEachEngine('what the throttles keep', ({ db }) => {
  beforeEach(async () => {
    await db().exec(`
      delete from private.client_events;
      delete from private.password_lockouts;
      update private.clock set ahead = interval '0';`);
  });

  it('hold no column that equals a response by time or submission id, no address, and no running number', async () => {
    await actFrom(db(), ADDRESSES);
    const columns = await throttleColumns(db());
    expect(new Set(columns.map((c) => c.relation))).toContain('private.client_events');
    for (const c of columns) {
      const value =
        c.data_type === 'timestamp with time zone'
          ? `date_trunc('milliseconds', t.${c.column_name})::text`
          : `t.${c.column_name}::text`;
      const [joined] = await db().query<{ n: number }>(
        `select count(*)::int as n from ${c.relation} t join public.responses r
           on ${value} in (date_trunc('milliseconds', r.created_at)::text, r.submission_id::text)`,
      );
      expect(joined!.n, `${c.relation}.${c.column_name} joins responses`).toBe(0);
      expect(c.is_identity === 'YES' || c.fed, `${c.relation}.${c.column_name} numbers rows`).toBe(false);
    }
    const rows = await throttleRows(db());
    expect(rows.length).toBeGreaterThan(0);
    for (const address of ADDRESSES)
      expect(
        rows.filter((r) => r.includes(address)),
        address,
      ).toEqual([]);
  });

  it('are the same whichever address sent which response', async () => {
    // The middle of a 5-minute step of the limits' clock, so that both rounds fall in it.
    const [{ step } = { step: '' }] = await db().query<{ step: string }>(
      "select (date_bin('5 minutes', now(), timestamptz 'epoch') + interval '150 seconds')::text as step",
    );
    const round = async (addresses: string[]) => {
      await db().exec('delete from private.client_events; delete from private.password_lockouts;');
      await db().query('update private.clock set ahead = $1::timestamptz - now()', [step]);
      await actFrom(db(), addresses);
      return throttleRows(db());
    };
    const first = await round(ADDRESSES);
    const second = await round([ADDRESSES[2]!, ADDRESSES[0]!, ADDRESSES[1]!]);
    expect(first.length).toBeGreaterThan(0);
    expect(second).toEqual(first);
  });
});

/**
 * The limits key on the one header the platform writes (and the local server
 * writes the same way); every header a client can set itself is ignored.
 */
import { randomUUID } from 'node:crypto';
import { beforeEach, expect, it } from 'vitest';
import type { Database } from '../../server/db/engine.ts';
import { asAnon, forEachEngine } from '../support/db-engines.ts';
import { randomChoices, seededRandom } from '../support/random-answers.ts';
import { callAsClient } from '../support/request.ts';

const PASSWORD = 'the owner passphrase';
const REAL_CLIENT = '198.51.100.23';
const OWNER = '203.0.113.80';

/** Headers a caller can put on its own request, each a different lie per call. */
function forgedHeaders(i: number, address = `192.0.2.${i % 250}`): Record<string, string> {
  return {
    'x-forwarded-for': `${address}, 10.0.${i % 250}.1`,
    'x-real-ip': `198.18.${i % 250}.9`,
    'true-client-ip': `198.19.${i % 250}.7`,
    'cf-connecting-ip': address,
  };
}

async function resetLimits(db: Database): Promise<void> {
  await db.exec(`
    delete from private.client_events;
    delete from private.password_lockouts;
    update private.settings set value = 'cf-connecting-ip' where name = 'client_address_header';`);
}

/** Whether each address the throttles hold is the real client's, as its keyed hash. */
function keysStored(db: Database) {
  return db.query('select distinct client_address = private.client_key($1) as real from private.client_events', [
    REAL_CLIENT,
  ]);
}

forEachEngine('the client address the limits trust', ({ db }) => {
  beforeEach(() => resetLimits(db()));

  it('counts an address written with a port, in brackets or with a zone as the bare address', async () => {
    const networkOf = async (address: string) =>
      (await db().query<{ n: string }>('select private.client_network($1) as n', [address]))[0]!.n;
    for (const [written, bare] of [
      ['203.0.113.50:1000', '203.0.113.50'],
      ['[2001:db8:5:5::1]:443', '2001:db8:5:5::/64'],
      ['[2001:db8:5:5::1]', '2001:db8:5:5::/64'],
      ['2001:db8:5:5::1%z0', '2001:db8:5:5::/64'],
      ['fe80::1%eth0', 'fe80::/64'],
    ]) {
      expect(await networkOf(written!), written).toBe(await networkOf(bare!));
    }
    // Not an address: counted as written.
    expect(await networkOf('not an address')).toBe('not an address');
  });

  it('names the trusted header in a settings row only the owner can read', async () => {
    expect(await db().query('select private.client_address_header() as header')).toEqual([
      { header: 'cf-connecting-ip' },
    ]);
    await expect(asAnon(db(), 'select private.client_address_header()')).rejects.toThrow(/permission denied/);
    await expect(asAnon(db(), 'select * from private.settings')).rejects.toThrow(/permission denied/);
    await expect(
      db().query("update private.settings set value = 'X-Real-IP' where name = 'client_address_header'"),
    ).rejects.toThrow(/settings_client_address_header_check/);
  });

  it('stores exactly 60 of 100 submissions from one client that forges every other address header', async () => {
    const random = seededRandom(15);
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      const answer = await callAsClient(
        db(),
        'submit_response',
        { submission_id: randomUUID(), name: null, answers: randomChoices(random) },
        REAL_CLIENT,
        forgedHeaders(i),
      );
      statuses.push(answer.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
    const [stored] = await db().query<{ n: number }>('select count(*)::int as n from public.responses');
    expect(stored!.n).toBe(60);
    expect(await keysStored(db())).toEqual([{ real: true }]);
  });

  it("does not lock the owner out when another client forges the owner's address", async () => {
    await db().query('select public.set_hidden_page_password($1)', [PASSWORD]);
    const attacker = '192.0.2.66';
    for (let i = 0; i < 8; i++) {
      await callAsClient(db(), 'hidden_page_insights', { password: `guess ${i}` }, attacker, forgedHeaders(i, OWNER));
    }
    expect((await callAsClient(db(), 'hidden_page_insights', { password: PASSWORD }, attacker)).status).toBe(429);
    expect(await callAsClient(db(), 'hidden_page_insights', { password: PASSWORD }, OWNER)).toMatchObject({
      status: 200,
      body: { count: expect.any(Number) },
    });
  });

  it('follows the settings row when a deployment names another header', async () => {
    await db().query("update private.settings set value = 'x-real-ip' where name = 'client_address_header'");
    await db().query("update private.limits set max_count = 1 where name = 'submissions_per_client'");
    try {
      const submit = (headers: Record<string, string>) =>
        callAsClient(
          db(),
          'submit_response',
          { submission_id: randomUUID(), name: null, answers: randomChoices(Math.random) },
          'no-address',
          headers,
        );
      expect((await submit({ 'x-real-ip': REAL_CLIENT, 'cf-connecting-ip': '192.0.2.1' })).status).toBe(200);
      expect((await submit({ 'x-real-ip': REAL_CLIENT, 'cf-connecting-ip': '192.0.2.2' })).status).toBe(429);
      expect(await keysStored(db())).toEqual([{ real: true }]);
    } finally {
      await db().query("update private.limits set max_count = 60 where name = 'submissions_per_client'");
    }
  });

  it('does not limit a call made with no request settings at all', async () => {
    const random = seededRandom(16);
    for (let i = 0; i < 65; i++) {
      const answer = await callAsClient(
        db(),
        'submit_response',
        { submission_id: randomUUID(), name: null, answers: randomChoices(random) },
        null,
      );
      expect(answer.status, `#${i + 1}`).toBe(200);
    }
    const [events] = await db().query<{ n: number }>('select count(*)::int as n from private.client_events');
    expect(events!.n).toBe(0);
  });
});

import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AnswerChoice } from '../../src/core/scoring.ts';
import type { Database } from '../../server/db/engine.ts';
import { availableEngines, forEachEngine, freshDatabase } from '../support/db-engines.ts';
import { nthChoices, randomChoices, seededRandom } from '../support/random-answers.ts';
import { callAsClient } from '../support/request.ts';

const PASSWORD = 'the right passphrase';

/** Moves the limits' clock: the time every window and lockout is measured on. */
async function clockAhead(db: Database, ahead: string): Promise<void> {
  await db.query('update private.clock set ahead = $1::interval', [ahead]);
}

/** Back to the shipped limits, no recorded events, the real time. */
async function resetLimits(db: Database): Promise<void> {
  await db.exec(`
    delete from private.client_events;
    delete from private.password_lockouts;
    update private.clock set ahead = interval '0';
    update private.limits set max_count = 60, within = '1 hour', lockout = null where name = 'submissions_per_client';
    update private.limits set max_count = 5, within = '15 minutes', lockout = '15 minutes' where name = 'wrong_passwords_per_client';
    update private.limits set max_count = 100, within = '15 minutes', lockout = null where name = 'wrong_passwords_overall';`);
}

function secret(db: Database, password: string | null, address: string | null) {
  return callAsClient<{ count: number }>(db, 'hidden_page_insights', { password }, address);
}

const INVALID = {
  status: 403,
  body: { code: '28P01', message: 'invalid password', details: null, hint: null },
  headers: [],
};

forEachEngine('hidden page password guessing', ({ db }) => {
  beforeEach(async () => {
    await resetLimits(db());
    await db().query('select public.set_hidden_page_password($1)', [PASSWORD]);
  });

  it('ships the limits as rows an operator can read and change', async () => {
    expect(
      await db().query('select name, max_count, within::text, lockout::text from private.limits order by name'),
    ).toEqual([
      { name: 'groups_per_client', max_count: 10, within: '01:00:00', lockout: null },
      { name: 'submissions_per_client', max_count: 60, within: '01:00:00', lockout: null },
      { name: 'withdrawals_per_client', max_count: 20, within: '00:15:00', lockout: null },
      { name: 'wrong_passwords_overall', max_count: 100, within: '00:15:00', lockout: null },
      { name: 'wrong_passwords_per_client', max_count: 5, within: '00:15:00', lockout: '00:15:00' },
    ]);
  });

  it('answers 429 from the 6th wrong guess on, even to the right password, for 15 minutes', async () => {
    for (let i = 1; i <= 5; i++)
      expect(await secret(db(), `wrong guess ${i}`, '203.0.113.7'), `guess ${i}`).toEqual(INVALID);
    const sixth = await secret(db(), 'wrong guess 6', '203.0.113.7');
    expect(sixth).toEqual({
      status: 429,
      body: {
        code: 'PT429',
        message: 'too many wrong passwords from this address',
        details: 'Password checks from this address resume in 15 minutes.',
        hint: 'Wait, then try again.',
      },
      headers: [{ 'Retry-After': expect.stringMatching(/^(8[6-9]\d|900)$/) }],
    });
    expect(await secret(db(), PASSWORD, '203.0.113.7')).toMatchObject({ status: 429, body: { code: 'PT429' } });
    const search = await callAsClient(db(), 'find_respondents', { password: PASSWORD, query: 'a' }, '203.0.113.7');
    expect(search).toMatchObject({ status: 429, body: { code: 'PT429' } });

    // Every wrong guess before the lockout was recorded; refused ones were not.
    const [events] = await db().query<{ n: number }>(
      "select count(*)::int as n from private.client_events where kind = 'wrong_password' and client_address = private.client_key('203.0.113.7')",
    );
    expect(events!.n).toBe(5);

    await clockAhead(db(), '14 minutes 30 seconds');
    const late = await secret(db(), PASSWORD, '203.0.113.7');
    expect(late.status).toBe(429);
    expect(Number(late.headers[0]?.['Retry-After'])).toBeLessThanOrEqual(30);
    await clockAhead(db(), '15 minutes');
    expect(await secret(db(), PASSWORD, '203.0.113.7')).toMatchObject({ status: 200, body: { count: 0 } });
    // The old guesses are outside the window now: one more wrong one is a 403 again.
    expect(await secret(db(), 'wrong again', '203.0.113.7')).toEqual(INVALID);
  });

  it('leaves other clients alone', async () => {
    for (let i = 1; i <= 6; i++) await secret(db(), `wrong ${i}`, '198.51.100.1');
    expect(await secret(db(), PASSWORD, '198.51.100.1')).toMatchObject({ status: 429 });
    expect(await secret(db(), PASSWORD, '198.51.100.2')).toMatchObject({ status: 200, body: { count: 0 } });
    expect(await secret(db(), 'wrong', '198.51.100.2')).toEqual(INVALID);
    // A proxy chain: only the first hop is the client.
    expect(await secret(db(), PASSWORD, '198.51.100.3, 198.51.100.1')).toMatchObject({ status: 200 });
    expect(await secret(db(), PASSWORD, '198.51.100.1, 10.0.0.1')).toMatchObject({ status: 429 });
    // An overlong address is cut to 64 characters before it is hashed.
    await secret(db(), 'wrong', `${'f'.repeat(5000)}, 10.0.0.1`);
    const [cut] = await db().query<{ n: number }>(
      "select count(*)::int as n from private.client_events where client_address = private.client_key(repeat('f', 64))",
    );
    expect(cut!.n).toBe(1);
  });

  it('counts guesses spread over 5 minutes and over the wrong and empty kinds alike', async () => {
    const guesses: (string | null)[] = ['one', '', null, 'four', 'five'];
    for (const [i, password] of guesses.entries()) {
      await clockAhead(db(), `${i} minutes`);
      expect(await secret(db(), password, '192.0.2.50')).toEqual(INVALID);
    }
    expect(await secret(db(), PASSWORD, '192.0.2.50')).toMatchObject({ status: 429 });
  });

  // A window counts an event until its 5-minute step has left it: up to 20 minutes for 15.
  it('does not trip on 5 wrong guesses spread over 20 minutes', async () => {
    for (let i = 0; i < 10; i++) {
      await clockAhead(db(), `${i * 5} minutes`);
      expect(await secret(db(), `wrong ${i}`, '192.0.2.60')).toEqual(INVALID);
    }
    expect(await secret(db(), PASSWORD, '192.0.2.60')).toMatchObject({ status: 200 });
  });

  it('slows a guesser spread over many addresses with the overall ceiling, which lifts as the window moves', async () => {
    await db().query("update private.limits set max_count = 3 where name = 'wrong_passwords_overall'");
    for (const address of ['192.0.2.1', '192.0.2.2', '192.0.2.3'])
      expect(await secret(db(), 'wrong', address)).toEqual(INVALID);
    const owner = await secret(db(), PASSWORD, '192.0.2.200');
    expect(owner).toMatchObject({
      status: 429,
      body: { code: 'PT429', message: 'too many wrong passwords from all addresses together' },
      // 15 minutes from the end of the 5-minute step of the wrong passwords, a moment ago
      headers: [{ 'Retry-After': expect.stringMatching(/^(8[6-9]\d|9\d\d|1[01]\d\d|1200)$/) }],
    });
    await clockAhead(db(), '20 minutes');
    expect(await secret(db(), PASSWORD, '192.0.2.200')).toMatchObject({ status: 200 });
  });

  it('keeps hashed addresses and 5-minute steps only, never the password, and prunes rows no window needs', async () => {
    await secret(db(), 'a secret guess', '192.0.2.77');
    const columns = await db().query<{ column_name: string }>(
      `select column_name from information_schema.columns
        where table_schema = 'private' and table_name = 'client_event_counts' order by ordinal_position`,
    );
    expect(columns.map((c) => c.column_name)).toEqual(['kind', 'client_address', 'bucket_end', 'events']);
    const [stored] = await db().query<{ n: number }>(
      "select count(*)::int as n from private.client_events e where to_jsonb(e)::text like '%secret guess%'",
    );
    expect(stored!.n).toBe(0);

    await clockAhead(db(), '2 hours');
    await secret(db(), 'another guess', '192.0.2.78');
    expect(
      await db().query("select client_address = private.client_key('192.0.2.78') as kept from private.client_events"),
    ).toEqual([{ kept: true }]);
  });

  it('does not limit calls made outside any HTTP request, and puts requests without an address in one bucket', async () => {
    for (let i = 0; i < 7; i++) expect(await secret(db(), 'wrong', null)).toEqual(INVALID);
    expect(await secret(db(), PASSWORD, null)).toMatchObject({ status: 200 });
    for (let i = 0; i < 5; i++) await secret(db(), 'wrong', 'no-address');
    expect(await secret(db(), PASSWORD, 'no-address')).toMatchObject({ status: 429 });
    expect(
      await db().query(
        "select distinct client_address = private.client_key('unknown') as unknown from private.client_events",
      ),
    ).toEqual([{ unknown: true }]);
  });
});

function submitFrom(
  db: Database,
  address: string | null,
  answers: AnswerChoice[],
  submission_id: string = randomUUID(),
) {
  return callAsClient<{ submission_id: string; love: number }>(
    db,
    'submit_response',
    { submission_id, name: null, answers },
    address,
  );
}

async function storedCounts(db: Database) {
  const [row] = await db.query<{ responses: number; tallies: number; events: number }>(
    `select (select count(*)::int from public.responses) as responses,
            (select coalesce(sum(count), 0)::int from public.answer_counts) as tallies,
            (select count(*)::int from private.client_events where kind = 'submission') as events`,
  );
  return row!;
}

const TOO_MANY = {
  code: 'PT429',
  message: 'too many submissions from this address',
  details: 'At most 60 responses are stored per address within 01:00:00.',
  hint: 'Try again later; the answers are kept until then.',
};

forEachEngine('submission floods', ({ db }) => {
  beforeEach(() => resetLimits(db()));

  it('stores 60 responses per address per hour, refuses the 61st with nothing stored, and answers a retry', async () => {
    const random = seededRandom(60);
    const first = await submitFrom(db(), '203.0.113.9', randomChoices(random));
    expect(first.status).toBe(200);
    for (let i = 2; i <= 60; i++)
      expect((await submitFrom(db(), '203.0.113.9', randomChoices(random))).status, `#${i}`).toBe(200);
    const before = await storedCounts(db());
    const refused = await submitFrom(db(), '203.0.113.9', randomChoices(random));
    expect(refused.body).toEqual(TOO_MANY);
    expect(await storedCounts(db())).toEqual(before);

    // A submission already stored still answers with its id; the batch it was told the first time stands.
    const retry = await submitFrom(
      db(),
      '203.0.113.9',
      nthChoices(0),
      (first.body as { submission_id: string }).submission_id,
    );
    expect(retry).toEqual({
      ...first,
      body: { submission_id: (first.body as { submission_id: string }).submission_id },
      headers: [],
    });
    expect(await storedCounts(db())).toEqual(before);

    expect((await submitFrom(db(), '203.0.113.10', randomChoices(random))).status).toBe(200);
    await clockAhead(db(), '59 minutes');
    expect((await submitFrom(db(), '203.0.113.9', randomChoices(random))).body).toEqual(TOO_MANY);
    await clockAhead(db(), '1 hour 5 minutes');
    expect((await submitFrom(db(), '203.0.113.9', randomChoices(random))).status).toBe(200);
  });

  it('follows the settings table', async () => {
    await db().query(
      "update private.limits set max_count = 2, within = '10 minutes' where name = 'submissions_per_client'",
    );
    expect((await submitFrom(db(), '192.0.2.9', nthChoices(1))).status).toBe(200);
    expect((await submitFrom(db(), '192.0.2.9', nthChoices(2))).status).toBe(200);
    expect((await submitFrom(db(), '192.0.2.9', nthChoices(3))).body).toMatchObject({
      code: 'PT429',
      details: 'At most 2 responses are stored per address within 00:10:00.',
    });
    await db().query("delete from private.limits where name = 'submissions_per_client'");
    expect((await submitFrom(db(), '192.0.2.9', nthChoices(3))).status).toBe(200);
  });
});

describe.runIf(availableEngines().includes('postgres'))('submission floods under concurrency [postgres]', () => {
  it('stores exactly 60 of 100 concurrent submissions from one address, and counts exactly their answers', async () => {
    const fresh = await freshDatabase('postgres', 25);
    try {
      const random = seededRandom(100);
      const answers = Array.from({ length: 100 }, () => randomChoices(random));
      const results = await Promise.all(answers.map((a) => submitFrom(fresh.db, '203.0.113.100', a)));
      const stored = results.filter((r) => r.status === 200);
      const refused = results.filter((r) => (r.body as { code?: string }).code === 'PT429');
      expect(stored).toHaveLength(60);
      expect(refused).toHaveLength(40);
      expect(await storedCounts(fresh.db)).toEqual({ responses: 60, tallies: 60 * 12, events: 60 });
      const [summary] = await fresh.db.query<{ n: number }>(
        'select respondents::int as n from public.response_summary',
      );
      expect(summary!.n).toBe(60);
    } finally {
      await fresh.dispose();
    }
  });
});

describe.runIf(availableEngines().includes('postgres'))('password guesses under concurrency [postgres]', () => {
  it('counts exactly as many wrong passwords as the overall ceiling allows, from many addresses at once', async () => {
    const fresh = await freshDatabase('postgres', 25);
    try {
      await resetLimits(fresh.db);
      await fresh.db.query('select public.set_hidden_page_password($1)', [PASSWORD]);
      await fresh.db.query("update private.limits set max_count = 10 where name = 'wrong_passwords_overall'");
      const addresses = Array.from({ length: 40 }, (_, i) => `198.51.100.${i + 1}`);
      const results = await Promise.all(addresses.map((address) => secret(fresh.db, 'a wrong guess', address)));
      expect(results.filter((r) => r.status === 403)).toHaveLength(10);
      expect(results.filter((r) => (r.body as { code?: string }).code === 'PT429')).toHaveLength(30);
      const [counted] = await fresh.db.query<{ n: number }>(
        "select coalesce(sum(events), 0)::int as n from private.client_event_counts where kind = 'wrong_password'",
      );
      expect(counted!.n).toBe(10);
    } finally {
      await fresh.dispose();
    }
  });
});

/**
 * Groups over real HTTP, on both engines, behind a proxy the server trusts
 * (X-Forwarded-For names many clients): the join link's code and the keys
 * answer alike, GET or POST, whether unknown, mistyped or deleted; a
 * creation past its address's limit, and a join past the save limit, answer
 * 429 with Retry-After while other addresses go on.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { forEachEngine } from '../support/db-engines.ts';
import { listenLocally } from '../support/listen.ts';
import { nthChoices } from '../support/random-answers.ts';

interface Answer {
  status: number;
  body: string;
  retryAfter: string | null;
  contentType: string | null;
}

forEachEngine('groups over HTTP', (ctx) => {
  let app: FastifyInstance;
  let port = 0;

  beforeAll(async () => {
    app = await buildApp({ db: ctx.db(), trustProxy: 'loopback' });
    port = await listenLocally(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  async function call(fn: string, args: Record<string, unknown>, from: string, method = 'POST'): Promise<Answer> {
    const url = new URL(`http://127.0.0.1:${port}/rest/v1/rpc/${fn}`);
    if (method === 'GET') for (const [k, v] of Object.entries(args)) url.searchParams.set(k, String(v));
    const res = await fetch(url, {
      method,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
      body: method === 'GET' ? undefined : JSON.stringify(args),
    });
    return {
      status: res.status,
      body: await res.text(),
      retryAfter: res.headers.get('retry-after'),
      contentType: res.headers.get('content-type'),
    };
  }

  async function createGroup(name: string, from: string): Promise<{ join_code: string; owner_key: string }> {
    const answer = await call('create_group', { name }, from);
    expect(answer.status, answer.body).toBe(200);
    return JSON.parse(answer.body) as { join_code: string; owner_key: string };
  }

  async function saveAndJoin(code: string, name: string, from: string) {
    const saved = { submission_id: randomUUID(), secret: randomBytes(32).toString('hex') };
    const stored = await call(
      'submit_response',
      { submission_id: saved.submission_id, name, answers: nthChoices(3), withdrawal_secret: saved.secret },
      from,
    );
    expect(stored.status).toBe(200);
    const member_key = randomBytes(32).toString('hex');
    return { joined: await call('join_group', { join_code: code, ...saved, member_key }, from), member_key };
  }

  it('answers an unknown, a mistyped and a deleted code alike, by GET and by POST, from any address', async () => {
    const kept = await createGroup('Kept group', '198.51.100.1');
    const gone = await createGroup('Gone group', '198.51.100.1');
    expect(JSON.parse((await call('delete_group', { owner_key: gone.owner_key }, '198.51.100.1')).body)).toEqual({
      done: true,
    });
    const mistyped = (kept.join_code[0] === 'a' ? 'b' : 'a') + kept.join_code.slice(1);
    const codes = [randomBytes(16).toString('base64url'), mistyped, gone.join_code, 'not-a-code'];
    const answers: Answer[] = [];
    for (const [i, join_code] of codes.entries()) {
      for (const method of ['GET', 'POST']) {
        answers.push(await call('group_info', { join_code }, `192.0.2.${i + 1}`, method));
      }
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]!.status).toBe(200);
    expect(JSON.parse(answers[0]!.body)).toEqual({ found: false });
    const found = await call('group_info', { join_code: kept.join_code }, '192.0.2.9', 'GET');
    expect(JSON.parse(found.body)).toEqual({ found: true, name: 'Kept group', open: true });

    // A key: wrong, the join code, a deleted group's owner key.
    const maps = await Promise.all(
      [randomBytes(32).toString('base64url'), kept.join_code, gone.owner_key].flatMap((key) =>
        ['GET', 'POST'].map((method) => call('group_map', { key }, '192.0.2.20', method)),
      ),
    );
    expect(new Set(maps.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(maps[0]!.status).toBe(200);
    expect(JSON.parse(maps[0]!.body)).toEqual({ found: false });
  });

  it('lets members from many addresses join and see each other, and no one else', async () => {
    const group = await createGroup('Open mic', '198.51.100.2');
    const ada = await saveAndJoin(group.join_code, 'Ada', '203.0.113.10');
    const ben = await saveAndJoin(group.join_code, 'Ben', '2001:db8:1::5');
    expect(JSON.parse(ada.joined.body)).toEqual({ joined: true, name: 'Open mic' });
    expect(JSON.parse(ben.joined.body)).toEqual({ joined: true, name: 'Open mic' });
    for (const key of [ada.member_key, ben.member_key, group.owner_key]) {
      const answer = await call('group_map', { key }, '203.0.113.99', 'GET');
      const map = JSON.parse(answer.body) as { members: { name: string }[] };
      expect(map.members.map((m) => m.name)).toEqual(['Ada', 'Ben']);
    }
    // A writing function is not run by GET.
    expect((await call('create_group', { name: 'By GET' }, '203.0.113.98', 'GET')).status).not.toBe(200);
  });

  it('answers 429 with Retry-After past the creation limit of one address, and not for the next address', async () => {
    const from = '198.51.100.77';
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 5) {
      const five = await Promise.all(
        Array.from({ length: 5 }, (_, j) => call('create_group', { name: `G${i + j}` }, from)),
      );
      statuses.push(...five.map((a) => a.status));
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    const past = await call('create_group', { name: 'One too many' }, from);
    expect(past.status).toBe(429);
    expect(Number(past.retryAfter)).toBeGreaterThan(0);
    expect(JSON.parse(past.body)).toMatchObject({
      code: 'PT429',
      message: 'too many groups created from this address',
    });
    expect((await call('create_group', { name: 'Next door' }, '198.51.100.78')).status).toBe(200);
  });

  it('answers 429 with Retry-After to a join past the save limit, which it shares', async () => {
    const group = await createGroup('Busy club', '198.51.100.3');
    await ctx.db().query(`update private.limits set max_count = 1 where name = 'submissions_per_client'`);
    try {
      const { joined } = await saveAndJoin(group.join_code, 'Cy', '203.0.113.50');
      expect(joined.status).toBe(429);
      expect(Number(joined.retryAfter)).toBeGreaterThan(0);
      const other = await saveAndJoin(group.join_code, 'Di', '203.0.113.51');
      expect(other.joined.status).toBe(429);
      const map = JSON.parse((await call('group_map', { key: group.owner_key }, '203.0.113.52')).body) as {
        members: unknown[];
      };
      expect(map.members).toEqual([]);
    } finally {
      await ctx.db().query(`update private.limits set max_count = 60 where name = 'submissions_per_client'`);
    }
  });
});

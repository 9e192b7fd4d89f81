/**
 * export_respondents: the hidden page's CSV download, one keyset page per
 * call, behind the page's password check and throttle.
 */
import { beforeAll, expect, it } from 'vitest';
import type { RespondentRow } from '../../src/core/respondents-csv.ts';
import type { RespondentsPage } from '../../src/lib/api.ts';
import type { Database } from '../../server/db/engine.ts';
import { callAsAnon, forEachEngine } from '../support/db-engines.ts';
import { nthChoices } from '../support/random-answers.ts';
import { callAsClient } from '../support/request.ts';
import { submit, type StoredScores } from '../support/submit.ts';

const PASSWORD = 'a long enough password';

const page = (db: Database, after_id: number | null, page_size: number, password = PASSWORD) =>
  callAsAnon<RespondentsPage>(db, 'export_respondents', { password, after_id, page_size });

/** Every page from the start; the rows in order and how many calls it took. */
async function everyPage(
  db: Database,
  pageSize: number,
): Promise<{ rows: RespondentRow[]; calls: number; totals: number[] }> {
  const rows: RespondentRow[] = [];
  const totals: number[] = [];
  let after: number | null = null;
  let calls = 0;
  do {
    const p: RespondentsPage = await page(db, after, pageSize);
    calls++;
    for (const row of p.rows) rows.push(row);
    totals.push(p.total);
    after = p.next;
  } while (after !== null);
  return { rows, calls, totals };
}

forEachEngine('export_respondents', ({ db }) => {
  const stored: { name: string | null; scores: StoredScores }[] = [];
  beforeAll(async () => {
    await db().query('select public.set_hidden_page_password($1)', [PASSWORD]);
    for (const [i, name] of ['Ada', null, 'Brontë, "B"', '=1+1', 'Cyrus', null, 'Dido'].entries()) {
      stored.push({ name, scores: await submit(db(), nthChoices(i), name) });
    }
  });

  it('returns every respondent once, in the order saved, with name, UTC time, the four raw totals and the four normalized values', async () => {
    const { rows, calls, totals } = await everyPage(db(), 3);
    expect(calls).toBe(3);
    expect(totals).toEqual([7, 7, 7]);
    expect(rows.map(([name, , ...values]) => [name, ...values])).toEqual(
      stored.map(({ name, scores: s }) => [
        name,
        s.love,
        s.duty,
        s.honor,
        s.reason,
        s.love_normalized,
        s.duty_normalized,
        s.honor_normalized,
        s.reason_normalized,
      ]),
    );
    const times = await db().query<{ t: string }>(
      `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as t from public.responses order by id`,
    );
    expect(rows.map((r) => r[1])).toEqual(times.map((t) => t.t));
    expect(rows[0]![1]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('ends with an empty page when the last full page was exactly the end', async () => {
    const { rows, calls } = await everyPage(db(), 7);
    expect(rows).toHaveLength(7);
    expect(calls).toBe(2);
  });

  it('refuses a page size under 1 or over 10,000, or none, with a clear error', async () => {
    for (const size of [0, -1, 10_001, null]) {
      await expect(
        callAsAnon(db(), 'export_respondents', { password: PASSWORD, after_id: null, page_size: size }),
        String(size),
      ).rejects.toMatchObject({ body: { code: '22023', message: 'page_size must be from 1 to 10000' } });
    }
    await expect(page(db(), null, 10_000)).resolves.toMatchObject({ total: 7, next: null });
  });

  it('answers a wrong password as the hidden page does, and throttles the guesser', async () => {
    const wrong = await callAsClient(
      db(),
      'export_respondents',
      { password: 'wrong password', after_id: null, page_size: 10 },
      '203.0.113.9',
    );
    const page403 = await callAsClient(db(), 'hidden_page_insights', { password: 'wrong password' }, '203.0.113.10');
    expect(wrong).toEqual(page403);
    expect(wrong.status).toBe(403);
    for (let i = 0; i < 4; i++) {
      await callAsClient(
        db(),
        'export_respondents',
        { password: 'wrong password', after_id: null, page_size: 10 },
        '203.0.113.9',
      );
    }
    const locked = await callAsClient(
      db(),
      'export_respondents',
      { password: PASSWORD, after_id: null, page_size: 10 },
      '203.0.113.9',
    );
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 'PT429' });
  });
});

/**
 * A million rows on PostgreSQL. On PGlite the same walk over 25,000 rows:
 * a million passed there too (101 pages in 52 s), but seeding them takes
 * minutes of a test run.
 */
forEachEngine('export_respondents over every page of many respondents', ({ db, engine }) => {
  const N = engine === 'postgres' ? 1_000_000 : 25_000;
  beforeAll(async () => {
    await db().query('select public.set_hidden_page_password($1)', [PASSWORD]);
    await db().exec(`
      insert into public.responses (submission_id, name, love, duty, honor, reason,
                                    love_normalized, duty_normalized, honor_normalized, reason_normalized)
      select gen_random_uuid(), case when i % 3 = 0 then null else 'R' || i end,
             i % 20, i % 18, i % 15, i % 16,
             (i % 20) / 19.0, (i % 18) / 17.0, (i % 15) / 14.0, (i % 16) / 17.0
        from generate_series(1, ${N}) as i`);
  }, 300_000);

  it('pages through every row to the last, each once and in order', async () => {
    const started = performance.now();
    let after: number | null = null;
    let count = 0;
    let named = 0;
    let calls = 0;
    let last = '';
    let inOrder = true;
    do {
      const p: RespondentsPage = await page(db(), after, 10_000);
      calls++;
      for (const [name] of p.rows) {
        count++;
        if (name !== null) {
          named++;
          // Names were numbered in insertion order: R1, R2, R4, ...
          if (last && Number(name.slice(1)) <= Number(last.slice(1))) inOrder = false;
          last = name;
        }
      }
      after = p.next;
    } while (after !== null);
    console.log(
      `export_respondents [${engine}]: ${count} rows in ${calls} pages, ${Math.round(performance.now() - started)} ms`,
    );
    expect(count).toBe(N);
    expect(named).toBe(N - Math.floor(N / 3));
    expect(last).toBe(`R${N - (N % 3 === 0 ? 1 : 0)}`);
    expect(inOrder).toBe(true);
    expect(calls).toBe(Math.floor(N / 10_000) + 1);
  }, 900_000);
});

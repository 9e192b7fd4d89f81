import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  newestReferenceDataMigration,
  referenceDataSql,
  referenceSchemaFiles,
  writeReferenceDataMigration,
  writeReferenceSchema,
} from '../../scripts/gen-answer-scores.ts';
import { SCHEMAS_DIR } from '../../server/db/schema.ts';
import { MIGRATIONS_DIR } from '../../server/db/migrate.ts';
import type { Database } from '../../server/db/engine.ts';
import { QUESTIONS, QUESTION_COUNT } from '../../src/core/questions.ts';
import { NAME_MAX_LENGTH } from '../../src/core/progress.ts';
import { QUADRANT_PAIRS } from '../../src/core/scoring.ts';
import { QUADRANT_SPLIT, RESULT_DENOMINATORS, SAVED_DENOMINATORS } from '../../src/core/values.ts';
import { forEachEngine } from '../support/db-engines.ts';
import { randomChoices, seededRandom } from '../support/random-answers.ts';
import { submit } from '../support/submit.ts';

describe('the reference data migration', () => {
  it('newest is what the generator writes from the scoring core today (run `npm run gen:sql`)', () => {
    const newest = newestReferenceDataMigration();
    expect(newest).toBeDefined();
    expect(readFileSync(join(MIGRATIONS_DIR, newest!), 'utf8')).toBe(referenceDataSql());
  });

  it('says what the generated schema files say, and those say what the core says (run `npm run gen:sql`)', () => {
    const files = referenceSchemaFiles();
    expect(Object.keys(files)).toEqual(['01_quiz_limits.sql', '90_reference_data.sql']);
    for (const [name, sql] of Object.entries(files))
      expect(readFileSync(join(SCHEMAS_DIR, name), 'utf8'), name).toBe(sql);
    const parts = Object.values(files).map((sql) => sql.slice(sql.indexOf('\n\n') + 2));
    for (const part of parts) expect(referenceDataSql()).toContain(part);
  });

  it('rewrites a generated schema file that drifted, and only that one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'schemas-'));
    try {
      for (const f of readdirSync(SCHEMAS_DIR)) copyFileSync(join(SCHEMAS_DIR, f), join(dir, f));
      expect(writeReferenceSchema(dir)).toEqual([]);
      writeFileSync(join(dir, '90_reference_data.sql'), '-- edited by hand\n');
      expect(writeReferenceSchema(dir)).toEqual(['90_reference_data.sql']);
      expect(readFileSync(join(dir, '90_reference_data.sql'), 'utf8')).toBe(
        referenceSchemaFiles()['90_reference_data.sql'],
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is written anew, after every other migration, only when the core and the newest one disagree', () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    try {
      for (const f of readdirSync(MIGRATIONS_DIR)) copyFileSync(join(MIGRATIONS_DIR, f), join(dir, f));
      expect(writeReferenceDataMigration(dir)).toBeUndefined();
      // An older core: the newest file says something else.
      const newest = newestReferenceDataMigration(dir)!;
      writeFileSync(join(dir, newest), '-- what an older core said\n');
      writeFileSync(join(dir, '29991231235959_later_change.sql'), 'select 1;\n');
      const written = writeReferenceDataMigration(dir, new Date('2027-01-02T03:04:05Z'));
      expect(written).toBe('29991231235960_reference_data.sql');
      expect(readFileSync(join(dir, written!), 'utf8')).toBe(referenceDataSql());
      expect(writeReferenceDataMigration(dir)).toBeUndefined();
      rmSync(join(dir, '29991231235959_later_change.sql'));
      rmSync(join(dir, written!));
      writeFileSync(join(dir, newest), 'changed');
      expect(writeReferenceDataMigration(dir, new Date('2030-05-06T07:08:09Z'))).toBe(
        '20300506070809_reference_data.sql',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

async function referenceState(db: Database) {
  return {
    scores: await db.query('select * from public.answer_scores order by question_id, position'),
    constants: await db.query('select * from public.scoring_constants'),
    quadrants: await db.query('select * from public.response_quadrants order by 1, 2, 3, 4'),
    summary: await db.query('select * from public.response_summary'),
  };
}

forEachEngine('the database reference copy of the scores', ({ db }) => {
  it('holds every answer of the core with the same scores, and nothing else', async () => {
    const rows = await db().query<{
      question_id: number;
      answer_text: string;
      position: number;
      love: number;
      duty: number;
      honor: number;
      reason: number;
    }>(
      'select question_id, answer_text, position, love, duty, honor, reason from public.answer_scores order by question_id, position',
    );
    const expected = QUESTIONS.flatMap((q) =>
      q.answers.map((a, i) => ({ question_id: q.id, answer_text: a.text, position: i + 1, ...a.scores })),
    );
    expect(rows).toEqual(expected);
  });

  it('holds the saved and the results screen denominators and the quadrant split of the core', async () => {
    const [row] = await db().query('select * from public.scoring_constants');
    expect(row).toEqual({
      id: true,
      love_denominator: SAVED_DENOMINATORS.love,
      duty_denominator: SAVED_DENOMINATORS.duty,
      honor_denominator: SAVED_DENOMINATORS.honor,
      reason_denominator: SAVED_DENOMINATORS.reason,
      quadrant_split: QUADRANT_SPLIT,
      love_result_denominator: RESULT_DENOMINATORS.love,
      duty_result_denominator: RESULT_DENOMINATORS.duty,
      honor_result_denominator: RESULT_DENOMINATORS.honor,
      reason_result_denominator: RESULT_DENOMINATORS.reason,
    });
  });

  it('knows the quiz limits and the quadrant pairs of the core, each written once', async () => {
    const [limits] = await db().query(
      'select private.question_count() as questions, private.name_max_length() as name',
    );
    expect(limits).toEqual({ questions: QUESTION_COUNT, name: NAME_MAX_LENGTH });
    const pairs = await db().query<{ first_value: string; second_value: string }>(
      'select distinct pair_position, first_value, second_value from public.response_quadrants order by pair_position',
    );
    expect(pairs.map((p) => [p.first_value, p.second_value])).toEqual(QUADRANT_PAIRS.map((p) => [...p]));
  });

  it('can be applied again at any time, changing nothing when it agrees and restoring what drifted', async () => {
    for (let i = 0; i < 5; i++) await submit(db(), randomChoices(seededRandom(i)), `Ref ${i}`);
    const before = await referenceState(db());
    await db().query('select private.apply_reference_data()');
    expect(await referenceState(db())).toEqual(before);

    await db().exec(`
      update public.answer_scores set love = 9 where question_id = 1 and position = 1;
      update public.scoring_constants set love_denominator = 23;
      delete from public.response_quadrants where first_value = 'duty' and second_value = 'reason';
      insert into public.answer_scores (question_id, answer_text, position, love, duty, honor, reason)
      values (2, 'Not in the core', 9, 0, 0, 0, 0);`);
    await db().query('select private.apply_reference_data()');
    expect(await referenceState(db())).toEqual(before);
  });

  it('refuses to drop an answer that respondents chose, and changes nothing', async () => {
    await db().exec(`
      insert into public.answer_scores (question_id, answer_text, position, love, duty, honor, reason)
      values (3, 'Chosen once', 9, 0, 0, 0, 0);
      insert into public.answer_counts (question_id, answer_text, count) values (3, 'Chosen once', 1);`);
    await expect(db().query('select private.apply_reference_data()')).rejects.toMatchObject({
      message: 'answers that respondents chose are missing from the reference data',
      detail: "question 3, 'Chosen once'",
    });
    expect(
      await db().query("select count(*)::int as n from public.answer_scores where answer_text = 'Chosen once'"),
    ).toEqual([{ n: 1 }]);
  });
});

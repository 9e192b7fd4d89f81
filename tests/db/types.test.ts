/**
 * src/lib/database.types.ts is what Supabase's type generator writes for the
 * migrations today: a migration that renames a function or an argument
 * fails here until `npm run gen:types` is run, and then in tsc wherever
 * src/lib/api.ts calls it by its old name. Needs the PostgreSQL server.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateTypes, TYPES_FILE } from '../../scripts/gen-types.ts';

describe.runIf(process.env.DATABASE_URL)('the generated database types', () => {
  it('match what the generator writes for the migrations (run `npm run gen:types`)', async () => {
    const generated = await generateTypes();
    expect(generated).toMatch(
      /submit_response: \{\s+Args: \{\s+answers: Json\s+name: Json\s+submission_id: string\s+withdrawal_secret\?: string\s+\}/,
    );
    expect(generated).toMatch(/withdraw_response: \{\s+Args: \{ secret: string; submission_id: string \}/);
    expect(readFileSync(TYPES_FILE, 'utf8')).toBe(generated);
  }, 180_000);
});

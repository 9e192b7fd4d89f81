/**
 * npm run gen:types: writes src/lib/database.types.ts with Supabase's own
 * type generator, postgres-meta's typegen (what `supabase gen types
 * typescript` runs in its container: `node dist/server/server.js` with
 * PG_META_GENERATE_TYPES set), against a scratch database on the
 * DATABASE_URL server with every migration applied. tests/db/types.test.ts
 * fails while the file and the migrations disagree.
 */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { withMigratedScratch } from '../server/db/scratch.ts';

export const TYPES_FILE = fileURLToPath(new URL('../src/lib/database.types.ts', import.meta.url));

const PG_META_SERVER = join(
  dirname(createRequire(import.meta.url).resolve('@supabase/postgres-meta/package.json')),
  'dist/server/server.js',
);

/** The TypeScript types of the public schema, as the generator prints them. */
export async function generateTypes(adminUrl = process.env.DATABASE_URL): Promise<string> {
  if (!adminUrl) {
    throw new Error(
      'gen:types needs a PostgreSQL server: set DATABASE_URL (a scratch database is created and dropped there)',
    );
  }
  return withMigratedScratch(async (url) => {
    const { stdout } = await promisify(execFile)(process.execPath, [PG_META_SERVER], {
      env: {
        PATH: process.env.PATH,
        PG_META_DB_URL: url,
        PG_META_GENERATE_TYPES: 'typescript',
        PG_META_GENERATE_TYPES_INCLUDED_SCHEMAS: 'public',
        PG_META_GENERATE_TYPES_DETECT_ONE_TO_ONE_RELATIONSHIPS: 'true',
      },
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout;
  }, adminUrl);
}

if (import.meta.main) {
  writeFileSync(TYPES_FILE, await generateTypes());
  console.log('wrote src/lib/database.types.ts');
}

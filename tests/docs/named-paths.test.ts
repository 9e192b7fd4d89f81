import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { namedIdentifiers, namedPaths } from '../support/doc-paths.ts';

/**
 * A document that names a file sends its reader there: a name that no
 * longer exists is a stale document. Every `code span` of the README and of
 * docs/ that looks like a repository path must exist.
 */
const ROOT = process.cwd();
const DOCUMENTS = [
  'README.md',
  ...readdirSync('docs')
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

describe('paths named in the documents', () => {
  it.each(DOCUMENTS)('%s names only paths that exist', (document) => {
    const missing = namedPaths(readFileSync(document, 'utf8')).filter((path) => !existsIn(path));
    expect(missing).toEqual([]);
  });

  it('catches a stale name', () => {
    expect(namedPaths('see `lib/submission-sender.ts` and `src/core/scoring.ts`')).toEqual([
      'lib/submission-sender.ts',
      'src/core/scoring.ts',
    ]);
    expect(existsIn('lib/submission-sender.ts')).toBe(false);
    expect(existsIn('lib/outbox.ts')).toBe(true);
  });
});

/** Documents name source files from the repository's root or, for short, from `src/` or `tests/`. */
function existsIn(path: string): boolean {
  return ['', 'src', 'src/islands', 'tests', 'tests/support'].some((base) => existsSync(join(ROOT, base, path)));
}

/**
 * Names the documents give that belong to the platforms, not to this
 * repository: a PostgreSQL setting, a browser's or a driver's method, a
 * key of the Supabase CLI's configuration.
 */
const PLATFORM_NAMES = new Set(['shared_buffers', 'requestSubmit', 'evaluateOnNewDocument', 'schema_paths']);

/** Every word of the repository's code, SQL, scripts, tests and configuration: where a named function or table must be. */
function codeWords(): Set<string> {
  const files = execFileSync(
    'git',
    ['ls-files', 'src', 'server', 'scripts', 'supabase', 'tests', 'deploy', '.ci', '*.json', '*.mjs', '*.ts'],
    { encoding: 'utf8' },
  )
    .split('\n')
    // The documents' own tests name stale names on purpose.
    .filter((f) => f && !f.startsWith('tests/docs/') && !/\.(png|jpg|jpeg|webp|ico|woff2?)$/.test(f) && existsSync(f));
  const words = new Set<string>();
  for (const file of files) for (const [word] of readFileSync(file, 'utf8').matchAll(/[\w$]+/g)) words.add(word);
  return words;
}

describe('code named in the documents', () => {
  const words = codeWords();
  const exists = (name: string) => PLATFORM_NAMES.has(name) || words.has(name.split('.').at(-1)!);

  it.each(DOCUMENTS)('%s names only functions, tables and stores that exist', (document) => {
    expect(namedIdentifiers(readFileSync(document, 'utf8')).filter((name) => !exists(name))).toEqual([]);
  });

  it('catches a stale name', () => {
    expect(namedIdentifiers('`withdraw_submission`, `$finished`, `afterNextPaint()`, `DATA_DIR`, `npm test`')).toEqual([
      'withdraw_submission',
      '$finished',
      'afterNextPaint',
    ]);
    expect(exists('withdraw_submission')).toBe(false);
    expect(exists('withdraw_response')).toBe(true);
    expect(exists('private.client_key')).toBe(true);
  });
});

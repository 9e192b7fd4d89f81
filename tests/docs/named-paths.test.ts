import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { namedPaths } from '../support/doc-paths.ts';

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

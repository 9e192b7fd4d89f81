import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** A guide is read whole: the README stays a front door, each document a sitting. */
const LIMITS = { readme: 200, document: 300 };

const lines = (path: string) => readFileSync(path, 'utf8').split('\n').length - 1;

describe('document lengths', () => {
  it(`README.md has at most ${LIMITS.readme} lines`, () => {
    expect(lines('README.md')).toBeLessThanOrEqual(LIMITS.readme);
  });

  it.each(readdirSync('docs').filter((f) => f.endsWith('.md')))(`docs/%s is under ${LIMITS.document} lines`, (file) => {
    expect(lines(`docs/${file}`)).toBeLessThan(LIMITS.document);
  });

  it('docs/architecture.md is a guide of at most 200 lines', () => {
    expect(lines('docs/architecture.md')).toBeLessThanOrEqual(200);
  });
});

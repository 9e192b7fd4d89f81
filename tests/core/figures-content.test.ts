import { describe, expect, it } from 'vitest';
import { parseFigureFile, parseFrontMatter, readFigureFiles } from '../../src/figures/files.ts';
import { LEANS } from '../../src/core/balance.ts';
import { leanOf } from '../../src/core/points.ts';
import { positionOf } from '../../src/core/scoring.ts';
import { FIGURE_SOURCE, FIGURE_TEXT_WORDS, figureSchema, wordCount } from '../../src/figures/schema.ts';

describe('the literary figures in src/content/figures', () => {
  const figures = readFigureFiles();

  it('are at least 16, with at least three in every quadrant of the results chart and none on an axis', () => {
    expect(figures.length).toBeGreaterThanOrEqual(16);
    const leans = figures.map((f) => leanOf(positionOf(f.shares)));
    expect(leans).not.toContain('balanced');
    for (const q of LEANS) expect(leans.filter((l) => l === q).length, q).toBeGreaterThanOrEqual(3);
  });

  it(`each tell their contradiction in ${FIGURE_TEXT_WORDS.min} to ${FIGURE_TEXT_WORDS.max} words`, () => {
    for (const f of figures) {
      const words = wordCount(f.body);
      expect(words, f.slug).toBeGreaterThanOrEqual(FIGURE_TEXT_WORDS.min);
      expect(words, f.slug).toBeLessThanOrEqual(FIGURE_TEXT_WORDS.max);
    }
  });

  it('each cite their sources: at least one passage, each a "passage: claim" line', () => {
    for (const f of figures) {
      expect(f.data.sources.length, f.slug).toBeGreaterThan(0);
      for (const source of f.data.sources) expect(source, f.slug).toMatch(FIGURE_SOURCE);
    }
  });

  it('each stand on a place of their own, so no two tie for every reading', () => {
    const places = figures.map((f) => JSON.stringify(f.shares));
    expect(new Set(places).size).toBe(figures.length);
  });
});

describe('reading a figure file', () => {
  const good = [
    '---',
    'name: "Hector"',
    'work: The Iliad',
    'author: "Homer"',
    '# the four shares',
    'shares:',
    '  love: 0.37',
    '  duty: .52',
    '  honor: 0.56',
    '  reason: 0.34',
    'line: "Duty and honor: side by side."',
    'sources:',
    '  - "Book 6, lines 441–449: he knows that Troy will fall"',
    '  - "Book 22, lines 250–259: he asks that his body be given back"',
    '---',
    '',
    'He goes out to fight.',
    '',
  ].join('\n');

  it('reads quoted and plain strings, numbers, the nested shares and the list of sources, and keeps the body', () => {
    const file = parseFigureFile('hector.md', good);
    expect(file.slug).toBe('hector');
    expect(file.data).toEqual({
      name: 'Hector',
      work: 'The Iliad',
      author: 'Homer',
      shares: { love: 0.37, duty: 0.52, honor: 0.56, reason: 0.34 },
      line: 'Duty and honor: side by side.',
      sources: [
        'Book 6, lines 441–449: he knows that Troy will fall',
        'Book 22, lines 250–259: he asks that his body be given back',
      ],
    });
    expect(file.shares).toEqual(file.data.shares);
    expect(file.body).toBe('He goes out to fight.');
  });

  it('reads the YAML Astro reads: a folded text, and "yes" as the word it is', () => {
    const folded = good.replace('line: "Duty and honor: side by side."', 'line: >-\n  Duty and honor\n  side by side.');
    expect(parseFigureFile('hector.md', folded).data.line).toBe('Duty and honor side by side.');
    expect(parseFigureFile('hector.md', good.replace('work: The Iliad', 'work: yes')).data.work).toBe('yes');
  });

  it('reads Windows line ends alike', () => {
    expect(parseFigureFile('hector.md', good.replaceAll('\n', '\r\n')).data).toEqual(
      parseFigureFile('hector.md', good).data,
    );
  });

  const broken: [string, string, string, RegExp][] = [
    ['no front matter', 'hector.md', 'Just text.', /no front matter/],
    ['a list where one text belongs', 'hector.md', good.replace('work: The Iliad', 'work:\n  - The Iliad'), /work/],
    [
      'a list item among map entries',
      'hector.md',
      good.replace('  reason: 0.34', '  reason: 0.34\n  - 0.5'),
      /^hector\.md: bad indentation of a mapping entry \(11:3\)/,
    ],
    [
      'a map entry among list items',
      'hector.md',
      good.replace('sources:\n', 'sources:\n  - "Book 1, line 1: x"\n  book: 6\n'),
      /^hector\.md: bad indentation of a mapping entry \(14:3\)/,
    ],
    [
      'a list item under no key',
      'hector.md',
      good.replace('author: "Homer"', 'author: "Homer"\n  - "Book 1, line 1: x"'),
      /^hector\.md: bad indentation of a mapping entry \(5:3\)/,
    ],
    ['a figure without sources', 'hector.md', good.replace(/sources:\n( {2}- .*\n)+/, ''), /sources/],
    ['an empty sources key', 'hector.md', good.replace(/( {2}- .*\n)+/, ''), /sources/],
    ['a source with no passage', 'hector.md', good.replace('Book 6, lines 441–449: he', 'He'), /passage/],
    ['a source with no claim', 'hector.md', good.replace(': he knows that Troy will fall', ''), /passage/],
    [
      'a plain value with a colon in it',
      'hector.md',
      good.replace('work: The Iliad', 'work: Iliad: Book 6'),
      /^hector\.md: bad indentation of a mapping entry \(3:12\)/,
    ],
    [
      'a YAML boolean',
      'hector.md',
      good.replace('work: The Iliad', 'work: true'),
      /"path": \[\s*"work"\s*\],\s*"message": "Invalid input: expected string, received boolean"/,
    ],
    [
      'a bad quoted string',
      'hector.md',
      good.replace('name: "Hector"', 'name: "Hec"tor"'),
      /^hector\.md: bad indentation of a mapping entry \(2:12\)/,
    ],
    [
      'a key given twice',
      'hector.md',
      good.replace('author: "Homer"', 'author: "Homer"\nauthor: "Virgil"'),
      /^hector\.md: duplicated mapping key \(5:1\)/,
    ],
    [
      'an indented line out of place',
      'hector.md',
      good.replace('work: The Iliad', 'work: The Iliad\n  book: 6'),
      /^hector\.md: bad indentation of a mapping entry \(4:7\)/,
    ],
    ['a share over 1', 'hector.md', good.replace('honor: 0.56', 'honor: 1.2'), /honor/],
    ['a missing share', 'hector.md', good.replace('  reason: 0.34\n', ''), /reason/],
    ['an unknown field', 'hector.md', good.replace('line:', 'era: "Bronze"\nline:'), /era/],
    ['an empty name', 'hector.md', good.replace('name: "Hector"', 'name: "  "'), /name/],
    ['a line too long', 'hector.md', good.replace('Duty and honor: side by side.', 'x'.repeat(121)), /line/],
    ['a file name that is no slug', 'Hector Priamides.md', good, /slug/],
  ];
  for (const [what, fileName, source, error] of broken) {
    it(`refuses ${what}`, () => {
      expect(() => parseFigureFile(fileName, source)).toThrow(error);
    });
  }

  it('holds the collection to the same rule: a figure without sources, or with none listed, does not build', () => {
    const { data } = parseFigureFile('hector.md', good);
    expect(figureSchema.safeParse(data).success).toBe(true);
    const { sources: _, ...withoutSources } = data;
    expect(figureSchema.safeParse(withoutSources).success).toBe(false);
    expect(figureSchema.safeParse({ ...data, sources: [] }).success).toBe(false);
    expect(figureSchema.safeParse({ ...data, sources: null }).success).toBe(false);
  });

  it('splits any front matter from its body without checking fields', () => {
    expect(parseFrontMatter('---\na: 1\n---\nbody')).toEqual({ data: { a: 1 }, body: 'body' });
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { QUESTIONS } from '../../src/core/questions.ts';

/**
 * The site writes American English. A quotation keeps its source's spelling
 * (Shakespeare's "honour"), so text inside typographic quotes, and in
 * Markdown inside *italics*, is not checked; everything else is, including
 * front matter and the comments and strings of the core.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CHECKED_DIRS = ['src/content', 'src/core'];
/** Where the visible strings of the pages live: checked with their code comments left out (those speak to developers). */
const VISIBLE_DIRS = ['src/islands', 'src/pages', 'src/components', 'src/layouts', 'src/charts'];

/** British forms, each with the suffixes it takes; matched as whole words, in any case. */
const BRITISH_FORMS: readonly string[] = [
  // -our for -or
  '(?:armour|honour|colour|favour|behaviour|neighbour|labour|rumour|harbour|valour|vigour|clamour|splendour|rancour|candour|ardour|humour|savour|endeavour|parlour|odour)(?:s|ed|ing|able|ably|ite|ites|ful|less|er|ers|ry)?',
  // -re for -er
  '(?:centre|theatre|metre|fibre|sombre|spectre|calibre|lustre|sabre|meagre|manoeuvre)(?:s|d)?',
  // -ise for -ize (only verbs that American spelling writes with z)
  '(?:recognis|realis|apologis|organis|civilis|criticis|summaris|sympathis|idealis|characteris|agonis|normalis|memoris|authoris|prioritis|utilis|minimis|maximis|optimis|visualis|specialis|categoris|theoris|scrutinis|patronis|finalis|legitimis|moralis|romanticis|emphasis|antagonis|tantalis|mesmeris)(?:e|es|ed|ing|ation|ations|able)',
  '(?:analys|paralys)(?:e|ed|ing)',
  // doubled l
  '(?:counsell|travell|cancell|labell|modell|quarrell|fuell|signall|channell|levell|tunnell|dishevell)(?:or|ors|er|ers|ed|ing)',
  'marvellous(?:ly)?',
  'jewellery',
  'woollen',
  '(?:enrolment|fulfilment|instalment|skilful|wilful)(?:s|ly)?',
  // -ence for -ense
  '(?:defence|offence|pretence|licence)s?',
  // single words
  'judgements?',
  'acknowledgements?',
  'catalogues?',
  'grey(?:s|er|est|ish|ness)?',
  'ploughs?',
  'moulds?',
  'sceptic(?:s|al|ism)?',
  'cheques?',
  'programmes?',
  'storeys',
  'gaols?',
  'learnt',
  'spelt',
  'whilst',
  'amongst',
];

const BRITISH = new RegExp(`\\b(?:${BRITISH_FORMS.join('|')})\\b`, 'giu');

/** Blanks out a match but keeps its line breaks, so line numbers still point at the source. */
const blank = (text: string): string => text.replace(/[^\n]/g, ' ');

/** The text with its quotations (and, in Markdown, its italics) blanked out. */
function unquoted(text: string, markdown: boolean): string {
  // A ’ followed by a letter is an apostrophe inside the quotation (‘honour’s’), not its end.
  let out = text.replace(/“[^”]*”/g, blank).replace(/‘(?:[^’]|’(?=\p{L}))*’/gu, blank);
  if (markdown) out = out.replace(/(?<!\*)\*(?!\*)[^*\n]+\*(?!\*)/g, blank);
  return out;
}

interface Hit {
  readonly file: string;
  readonly line: number;
  readonly word: string;
}

function britishSpellings(file: string, text: string): Hit[] {
  const hits: Hit[] = [];
  unquoted(text, file.endsWith('.md'))
    .split('\n')
    .forEach((line, i) => {
      for (const m of line.matchAll(BRITISH)) hits.push({ file, line: i + 1, word: m[0] });
    });
  return hits;
}

function filesUnder(dir: string, names = /\.(md|ts|tsx|astro)$/): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path, names);
    return names.test(entry.name) ? [path] : [];
  });
}

/** The texts among `texts` that hold a straight apostrophe, trimmed. */
const straightApostrophes = (texts: readonly string[]): string[] =>
  texts.filter((text) => text.includes("'")).map((text) => text.trim());

/** The code with its comments blanked out (block, JSX and HTML comments, and line comments not inside an address). */
function withoutComments(code: string): string {
  return code
    .replace(/\/\*[\s\S]*?\*\//g, blank)
    .replace(/<!--[\s\S]*?-->/g, blank)
    .replace(/(^|[^:\\'"`])\/\/.*$/gm, (match, before: string) => before + blank(match.slice(before.length)));
}

const checkedFiles = CHECKED_DIRS.flatMap((dir) => filesUnder(join(ROOT, dir)));
const visibleFiles = VISIBLE_DIRS.flatMap((dir) => filesUnder(join(ROOT, dir)));

describe('American spelling', () => {
  it('reads every content file and core module', () => {
    const names = checkedFiles.map((f) => relative(ROOT, f));
    expect(names).toContain('src/content/about/about.md');
    expect(names).toContain('src/content/values/honor.md');
    expect(names).toContain('src/content/figures/hamlet.md');
    expect(names).toContain('src/core/questions.ts');
    expect(names.filter((n) => n.startsWith('src/content/figures/')).length).toBeGreaterThanOrEqual(16);
  });

  it('finds no British spelling in src/content and src/core outside quotations', () => {
    const hits = checkedFiles.flatMap((f) => britishSpellings(relative(ROOT, f), readFileSync(f, 'utf8')));
    expect(hits.map((h) => `${h.file}:${h.line}: ${h.word}`)).toEqual([]);
  });

  it('finds no British spelling in the strings of the islands, pages, components, layouts and charts', () => {
    const names = visibleFiles.map((f) => relative(ROOT, f));
    expect(names).toContain('src/islands/ChartGuide.tsx');
    expect(names).toContain('src/islands/insights/QuadrantHeatmap.tsx');
    expect(names).toContain('src/pages/privacy.astro');
    expect(names).toContain('src/charts/result-scatter.ts');
    const hits = visibleFiles.flatMap((f) =>
      britishSpellings(relative(ROOT, f), withoutComments(readFileSync(f, 'utf8'))),
    );
    expect(hits.map((h) => `${h.file}:${h.line}: ${h.word}`)).toEqual([]);
  });

  it('quotes with typographic marks in Markdown, so that a straight quote cannot hide a passage from the check', () => {
    const straight = checkedFiles
      .filter((f) => f.endsWith('.md'))
      .flatMap((f) => {
        const [, frontMatter = '', body = ''] = readFileSync(f, 'utf8').split(/^---$/m);
        const inValues = frontMatter.includes('\\"') ? ['an escaped " in the front matter'] : [];
        const inBody = body.includes('"') ? ['a straight " in the text'] : [];
        return [...inValues, ...inBody].map((what) => `${relative(ROOT, f)}: ${what}`);
      });
    expect(straight).toEqual([]);
  });

  it('writes apostrophes as ’ in the front matter of src/content and in the questions, which no renderer makes typographic', () => {
    const inFrontMatter = checkedFiles
      .filter((f) => f.endsWith('.md'))
      .flatMap((f) => {
        const [, frontMatter = ''] = readFileSync(f, 'utf8').split(/^---$/m);
        return straightApostrophes(frontMatter.split('\n').filter((line) => !/^\s*#/.test(line))).map(
          (line) => `${relative(ROOT, f)}: ${line}`,
        );
      });
    const inQuestions = straightApostrophes(QUESTIONS.flatMap((q) => [q.text, ...q.answers.map((a) => a.text)]));
    expect([...inFrontMatter, ...inQuestions]).toEqual([]);
  });
});

describe('percentages', () => {
  it('are printed as the site prints them, "42.1%", with no space before the sign, everywhere in src', () => {
    const sources = filesUnder(join(ROOT, 'src'), /\.(md|ts|tsx|astro)$/);
    expect(sources.length).toBeGreaterThan(100);
    const spaced = sources.flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .flatMap((line, i) => (/\d %/.test(line) ? [`${relative(ROOT, f)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(spaced).toEqual([]);
  });
});

describe('the spelling check itself', () => {
  it('catches each listed form, with its line', () => {
    expect(britishSpellings('a.md', 'line one\nHe went out in his armour.')).toEqual([
      { file: 'a.md', line: 2, word: 'armour' },
    ]);
    const words = [
      'Honourable',
      'colours',
      'centre',
      'theatres',
      'recognised',
      'apologise',
      'realising',
      'counsellor',
      'travelled',
      'defence',
      'judgement',
      'grey',
      'whilst',
    ];
    expect(britishSpellings('a.ts', words.join(' ')).map((h) => h.word)).toEqual(words);
  });

  it('leaves American spellings and words that end in -ise everywhere alone', () => {
    const text =
      'honor armor center recognize apologize counselor judgment gray promise wise otherwise surprise exercise analyses emphasis';
    expect(britishSpellings('a.md', text)).toEqual([]);
  });

  it('leaves code comments out of the visible strings, but not addresses or strings', () => {
    const code = [
      '// the centre of it',
      '/* a colour */ const x = "centre";',
      '{/* the colour */} <p>colour</p> <!-- centre -->',
      "const url = 'https://example.org/colour';",
    ].join('\n');
    expect(britishSpellings('a.tsx', withoutComments(code)).map((h) => `${h.line}: ${h.word}`)).toEqual([
      '2: centre',
      '3: colour',
      '4: colour',
    ]);
  });

  it('exempts quotations in typographic quotes, and italics in Markdown only', () => {
    expect(britishSpellings('a.md', "Soldiers die ‘when honour's at the stake’ and “for honour”.")).toEqual([]);
    expect(britishSpellings('a.md', 'He loves *the name of honour*.')).toEqual([]);
    expect(britishSpellings('a.ts', '/** the *honour* of it */').map((h) => h.word)).toEqual(['honour']);
    expect(britishSpellings('a.md', 'His "honour" in straight quotes.').map((h) => h.word)).toEqual(['honour']);
    expect(britishSpellings('a.md', 'A **bold honour** is no quotation.').map((h) => h.word)).toEqual(['honour']);
    expect(britishSpellings('a.md', '‘Quoted honour’ and then armour.').map((h) => h.word)).toEqual(['armour']);
    expect(britishSpellings('a.md', '‘When honour’s colours fly’ and then armour.').map((h) => h.word)).toEqual([
      'armour',
    ]);
  });
});

/**
 * The Markdown bodies of src/content are written with straight apostrophes
 * ("Achilles' armor", "Marianne's"); the site must print them as ’. Astro's
 * Markdown does that (SmartyPants) unless a setting turns it off, and no
 * other test would notice: the spelling test reads the sources, and the
 * front matter, which no renderer touches, is written with ’ already.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { FIGURES_DIR } from '../../src/figures/schema.ts';

const CONTENT = 'src/content';

/** The text of a built page, templates included (the quiz page keeps its essays and About in them). */
function pageText(html: string): string {
  return html
    .replace(/<head[\s\S]*?<\/head>/gi, '')
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;|&#x27;|&apos;/gi, "'")
    .replace(/&rsquo;|&#8217;|&#x2019;/gi, '’')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&amp;/g, '&');
}

/** The words of a Markdown body that hold a straight apostrophe, each once: "Achilles'", "Marianne's". */
function apostropheWords(body: string): string[] {
  return [...new Set(body.match(/\p{L}+'\p{L}*/gu) ?? [])];
}

/** What a page gets wrong about a body's apostrophes: a word printed straight, or not printed with ’ at all. */
function apostropheFaults(body: string, text: string): string[] {
  return apostropheWords(body).flatMap((word) => {
    const typographic = word.replace("'", '’');
    if (text.includes(word)) return [`"${word}" printed with a straight apostrophe`];
    if (!text.includes(typographic)) return [`"${typographic}" missing`];
    return [];
  });
}

/** A Markdown file's text under its front matter. */
function bodyOf(file: string): string {
  const [, , ...body] = readFileSync(file, 'utf8').split(/^---$/m);
  return body.join('---');
}

const markdownIn = (dir: string): string[] =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(dir, name));

/** Each content file and the built pages that print its body. */
function bodiesAndPages(): { file: string; pages: string[] }[] {
  const slug = (file: string) => basename(file, '.md');
  return [
    ...markdownIn(FIGURES_DIR).map((file) => ({ file, pages: ['figures.html'] })),
    ...markdownIn(`${CONTENT}/values`).map((file) => ({
      file,
      pages: [`values/${slug(file)}.html`, 'values.html', 'index.html'],
    })),
    ...markdownIn(`${CONTENT}/about`).map((file) => ({ file, pages: ['index.html'] })),
  ];
}

describe('straight apostrophes in the Markdown bodies', () => {
  it('are found in a page that prints one straight or leaves a word out', () => {
    const body = "Achilles' armor and Marianne's sister; ‘quoted’ text.";
    expect(apostropheWords(body)).toEqual(["Achilles'", "Marianne's"]);
    expect(apostropheFaults(body, pageText('<p>Achilles’ armor and Marianne’s sister</p>'))).toEqual([]);
    expect(apostropheFaults(body, pageText('<p>Achilles&#39; armor and Marianne’s sister</p>'))).toEqual([
      `"Achilles'" printed with a straight apostrophe`,
    ]);
    expect(apostropheFaults(body, pageText('<p>Achilles’ armor</p>'))).toEqual([`"Marianne’s" missing`]);
  });

  it('reach every page that prints the body as ’', () => {
    const site = inject('siteDir');
    const checks = bodiesAndPages();
    expect(checks.filter((c) => c.file.includes('/figures/')).length).toBeGreaterThanOrEqual(16);
    expect(checks.filter((c) => c.file.includes('/values/')).length).toBe(4);
    let words = 0;
    const faults: string[] = [];
    for (const { file, pages } of checks) {
      const body = bodyOf(file);
      words += apostropheWords(body).length;
      for (const page of pages) {
        const text = pageText(readFileSync(join(site, page), 'utf8'));
        for (const fault of apostropheFaults(body, text)) faults.push(`${file} on ${page}: ${fault}`);
      }
    }
    // The bodies hold many such words; a check that found none would prove nothing.
    expect(words).toBeGreaterThan(20);
    expect(faults).toEqual([]);
  });
});

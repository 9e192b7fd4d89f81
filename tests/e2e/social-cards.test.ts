/**
 * The built site's social cards: every page names a card in its Open Graph
 * tags, and each card is a real PNG of 1200 by 630 under 100 KB, read from
 * the files the build wrote.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { parse, ELEMENT_NODE, walkSync, type ElementNode } from 'ultrahtml';
import { MAP_CELLS, cellCentre, cellSlug, leaningOf } from '../../src/core/map.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_BYTES = 100 * 1024;

/** The meta tags of a page by property or name. */
function metaOf(html: string): Record<string, string> {
  const meta: Record<string, string> = {};
  walkSync(parse(html), (node) => {
    if (node.type !== ELEMENT_NODE || (node as ElementNode).name !== 'meta') return;
    const { property, name, content } = (node as ElementNode).attributes;
    const key = property ?? name;
    if (key && content !== undefined) meta[key] = content;
  });
  return meta;
}

/** Width and height from a PNG's IHDR chunk, which always comes first. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(bytes.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('social cards in the built site', () => {
  const siteDir = inject('siteDir');
  const pages = readdirSync(siteDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.html'))
    .sort();
  const metas = new Map(pages.map((p) => [p, metaOf(readFileSync(join(siteDir, p), 'utf8'))]));

  it('every page names a 1200 by 630 PNG of at most 100 KB, by an absolute address on the site, with its words', () => {
    expect(pages.length).toBeGreaterThan(70);
    for (const [page, meta] of metas) {
      const image = meta['og:image'];
      expect(image, page).toBeDefined();
      const url = new URL(image!);
      expect(url.origin, page).toBe(new URL(meta['og:url']!).origin);
      expect(meta['og:image:width'], page).toBe('1200');
      expect(meta['og:image:height'], page).toBe('630');
      expect(meta['og:image:alt']?.length, page).toBeGreaterThan(30);
      expect(meta['twitter:card'], page).toBe('summary_large_image');
      const file = join(siteDir, url.pathname);
      const bytes = readFileSync(file);
      expect(pngSize(bytes), page).toEqual({ width: 1200, height: 630 });
      expect(statSync(file).size, page).toBeLessThanOrEqual(MAX_BYTES);
    }
  });

  it('the site has one card; each essay and /figures have their own', () => {
    const cardOf = (page: string) => new URL(metas.get(page)!['og:image']!).pathname;
    expect(cardOf('index.html')).toBe('/cards/site.png');
    expect(cardOf('insights.html')).toBe('/cards/site.png');
    expect(cardOf('figures.html')).toBe('/cards/figures.png');
    const essays = pages.filter((p) => p.startsWith('values/'));
    expect(essays).toHaveLength(4);
    for (const essay of essays)
      expect(cardOf(essay)).toBe(`/cards/values-${essay.slice('values/'.length, -'.html'.length)}.png`);
    // Different pictures, not one picture under different names.
    const files = new Set(
      ['index.html', 'figures.html', ...essays].map((p) => readFileSync(join(siteDir, cardOf(p))).toString('base64')),
    );
    expect(files.size).toBe(6);
  });

  it("each cell of the map has a page whose card says the cell's leaning, and no name", () => {
    for (const cell of MAP_CELLS) {
      const page = `r/${cellSlug(cell)}.html`;
      const meta = metas.get(page);
      expect(meta, page).toBeDefined();
      expect(new URL(meta!['og:image']!).pathname).toBe(`/cards/map-${cellSlug(cell)}.png`);
      expect(meta!['og:image:alt']).toContain(`one dot that leans ${leaningOf(cellCentre(cell))}`);
      expect(meta!.robots).toBe('noindex, nofollow');
    }
    // No name: past the leaning, every cell's card says the same words, so nothing of whoever shared it is there.
    const words = MAP_CELLS.map((cell) => {
      const meta = metas.get(`r/${cellSlug(cell)}.html`)!;
      return [
        meta['og:title'],
        meta['og:description'],
        meta['og:image:alt'],
        meta['twitter:title'],
        meta['twitter:description'],
      ]
        .map((text) => text?.replaceAll(leaningOf(cellCentre(cell)), '<leaning>').replaceAll(cellSlug(cell), '<cell>'))
        .join('\n');
    });
    expect(new Set(words).size, words.join('\n---\n')).toBe(1);
    expect(readdirSync(join(siteDir, 'cards')).filter((f) => f.endsWith('.png'))).toHaveLength(MAP_CELLS.length + 6);
  });
});

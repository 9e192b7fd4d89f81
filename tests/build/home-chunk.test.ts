/**
 * "/"'s own code goes to one chunk (src/speed/integration.ts, homeChunk), worked out
 * from the islands listed there: an island of another page left off that
 * list pulls it in, the whole of "/"'s island with it. Every built page is
 * held to it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { measurePage } from '../../scripts/page-weight.ts';
import { htmlFiles } from '../../scripts/site-build.ts';

const islandsOf = (html: string) => [...html.matchAll(/component-url="([^"]+)"/g)].map((m) => basename(m[1]!));

describe('the home chunk', () => {
  const site = inject('siteDir');

  it('and the quiz island are loaded by the pages that show the quiz and by no other page', async () => {
    const [quizIsland] = islandsOf(readFileSync(join(site, 'index.html'), 'utf8'));
    expect(quizIsland).toMatch(/^Home\./);
    const homeChunks = readdirSync(join(site, '_astro')).filter((name) => /^home\..*\.js$/.test(name));
    // The group may stand as a chunk of its own or be folded into the island's entry (preserveEntrySignatures).
    expect(homeChunks.length).toBeLessThanOrEqual(1);
    const home = homeChunks[0] ?? quizIsland!;
    // "/"'s own code is there: the quiz store, which no other island imports.
    expect(readFileSync(join(site, '_astro', home), 'utf8')).toContain('goBack on the first question');
    const loading: string[] = [];
    for (const page of htmlFiles(site)) {
      if (islandsOf(readFileSync(join(site, page), 'utf8')).includes(quizIsland!)) continue;
      const loaded = (await measurePage(site, page)).js.map((asset) => basename(asset.source));
      if (loaded.some((name) => name === quizIsland || homeChunks.includes(name))) loading.push(page);
    }
    expect(loading).toEqual([]);
  });
});

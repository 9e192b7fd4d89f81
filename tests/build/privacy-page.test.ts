/**
 * The privacy page is plain HTML, listed in the sitemap, and every page
 * with the site's footer links to it from there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { htmlFiles } from '../../scripts/site-build.ts';

describe('/privacy', () => {
  const site = inject('siteDir');

  it('is built without any script, and listed in the sitemap', () => {
    const html = readFileSync(join(site, 'privacy.html'), 'utf8');
    expect(html).toContain('<h1>Your answers are yours</h1>');
    expect(html).not.toMatch(/<script|modulepreload|astro-island/i);
    const sitemaps = readdirSync(site).filter((f) => /^sitemap-\d+\.xml$/.test(f));
    const listed = sitemaps.map((f) => readFileSync(join(site, f), 'utf8')).join('\n');
    expect(listed).toMatch(/<loc>[^<]*\/privacy<\/loc>/);
  });

  it('is linked from the footer of every page that has one', () => {
    const footers = htmlFiles(site).map((page) => ({
      page,
      footer: /<footer class="site-footer[^"]*"[^>]*>([\s\S]*?)<\/footer>/.exec(
        readFileSync(join(site, page), 'utf8'),
      )?.[1],
    }));
    const withFooter = footers.filter((f) => f.footer !== undefined);
    expect(withFooter.map((f) => f.page)).toEqual(
      expect.arrayContaining(['404.html', 'figures.html', 'insights.html', 'privacy.html']),
    );
    expect(withFooter.filter((f) => !/<a href="\/privacy"/.test(f.footer!)).map((f) => f.page)).toEqual([]);
  });
});

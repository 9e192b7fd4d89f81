/**
 * The run's build within the page-weight budget that `npm run bench:pages`
 * prints: "/" once went 432 B over it unnoticed, because only the benchmark
 * looked. The figures are the ones the benchmark reports, from the same code
 * and the same list of text pages.
 */
import { describe, expect, inject, it } from 'vitest';
import { HOME_JS_BUDGET_BYTES, TEXT_ROUTE, measurePage, routeOf } from '../../scripts/page-weight.ts';
import { htmlFiles } from '../../scripts/site-build.ts';

describe('the page weight of the build', () => {
  const site = inject('siteDir');

  it(`"/" loads at most ${HOME_JS_BUDGET_BYTES.toLocaleString('en')} B of gzipped JavaScript before any interaction`, async () => {
    const home = await measurePage(site, 'index.html');
    // React alone is some 70 kB: a page measured as loading next to nothing is a broken measure, not a light page.
    expect(home.jsGzipBytes).toBeGreaterThan(60_000);
    expect(home.jsGzipBytes).toBeLessThanOrEqual(HOME_JS_BUDGET_BYTES);
  });

  it('every text page (essays, figures, 404) loads no JavaScript at all', async () => {
    const files = htmlFiles(site).filter((file) => TEXT_ROUTE.test(routeOf(file)));
    const text = await Promise.all(files.map((file) => measurePage(site, file)));
    expect(text.map((p) => p.route)).toContain('/values/love');
    expect(text.length).toBeGreaterThanOrEqual(7);
    expect(text.filter((p) => p.js.length > 0).map((p) => p.route)).toEqual([]);
  });
});

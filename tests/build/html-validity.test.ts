/**
 * Every built page is valid HTML by the Nu HTML Checker (vnu): a <style>
 * an island wrote mid-body, or a heading level skipped in an island's
 * static markup, once made 131 errors over the site that no browser shows.
 */
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { htmlErrors } from '../../scripts/html-checker.ts';
import { htmlFiles } from '../../scripts/site-build.ts';

describe('the built pages', () => {
  const site = inject('siteDir');

  it('have no error by the Nu HTML Checker', () => {
    expect(htmlFiles(site).length).toBeGreaterThanOrEqual(70);
    const errors = htmlErrors(site).map(
      (m) => `${m.url ? relative(site, fileURLToPath(m.url)) : '?'}:${m.lastLine ?? '?'}: ${m.message}`,
    );
    expect(errors).toEqual([]);
  });
});

/**
 * The built pages, as the run's build wrote them, use only classes that
 * their styles define: a class written in a component but styled nowhere
 * (the `page__lede` that once left two ledes plain) fails here by name.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { classesDefinedIn, filesUnder } from '../support/css.ts';

describe('the built pages', () => {
  it('use only classes that their styles define', () => {
    const site = inject('siteDir');
    const shared = new Set(
      filesUnder(site, '.css').flatMap((file) => [...classesDefinedIn(readFileSync(file, 'utf8'))]),
    );
    const pages = filesUnder(site, '.html');
    expect(pages.length).toBeGreaterThan(70);
    const undefinedClasses: string[] = [];
    for (const file of pages) {
      const html = readFileSync(file, 'utf8');
      const defined = new Set(
        [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].flatMap((m) => [...classesDefinedIn(m[1]!)]),
      );
      const used = new Set([...html.matchAll(/\sclass="([^"]*)"/g)].flatMap((m) => m[1]!.split(/\s+/).filter(Boolean)));
      for (const name of used) if (!defined.has(name) && !shared.has(name)) undefinedClasses.push(`${file}: ${name}`);
    }
    expect(undefinedClasses).toEqual([]);
  });
});

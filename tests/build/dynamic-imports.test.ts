/**
 * Vite's dynamic-import helper is replaced by a plain call (src/speed/integration.ts,
 * "plain-dynamic-import"), which is right only while no lazy chunk has
 * anything to preload: every stylesheet inlined in the pages, and module
 * preloading off. This fails the day a lazy import would need more.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';

describe('the lazy chunks of the build', () => {
  const assets = join(inject('siteDir'), '_astro');
  const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));

  it('come with no stylesheet of their own: every style is inlined in the pages', () => {
    expect(readdirSync(assets).filter((name) => name.endsWith('.css'))).toEqual([]);
  });

  it('are imported with an empty list of dependencies to preload, everywhere', () => {
    const wrapped: string[] = [];
    for (const name of scripts) {
      const source = readFileSync(join(assets, name), 'utf8');
      // The helper's call, minified: h(() => import(`./x.js`), [deps]) or with .then(...) inside.
      for (const m of source.matchAll(/\(\)=>import\(`[^`]+`\)(?:\.then\([^)]*\))?,\[([^\]]*)\]/g))
        wrapped.push(`${name}: [${m[1]}]`);
    }
    expect(wrapped.length).toBeGreaterThan(5);
    expect(wrapped.filter((call) => !call.endsWith(': []'))).toEqual([]);
  });

  it('carry none of the helper that would preload them', () => {
    for (const name of scripts) {
      expect(readFileSync(join(assets, name), 'utf8'), name).not.toContain('csp-nonce');
    }
  });
});

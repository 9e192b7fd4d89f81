/**
 * Vite's dynamic-import helper is replaced by a plain call (src/speed/integration.ts,
 * "plain-dynamic-import"), which is right only while no lazy chunk has
 * anything to preload: every stylesheet inlined in the pages, and module
 * preloading off. What a visitor's browser does with the lazy screens (no
 * stylesheet fetched, nothing preloaded) is checked in Chromium by the
 * first test of tests/e2e/quiz-flow.test.ts; here, that the build has no
 * stylesheet a lazy chunk could need.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';

describe('the lazy chunks of the build', () => {
  it('come with no stylesheet of their own: every style is inlined in the pages', () => {
    const assets = join(inject('siteDir'), '_astro');
    expect(readdirSync(assets).filter((name) => name.endsWith('.js')).length).toBeGreaterThan(5);
    expect(readdirSync(assets).filter((name) => name.endsWith('.css'))).toEqual([]);
  });
});

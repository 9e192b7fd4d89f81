/**
 * The chunks every tap on "/" runs, React's DOM and the quiz island's entry
 * (the quiz's own code), ask Chrome to compile them as they stream in
 * (src/speed/integration.ts, compiledEagerly); without, the first tap
 * compiles React's event and commit code on the main thread. Code that may never run (the lazy screens, charts, the API
 * client) is left to compile when called.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { measurePage } from '../../scripts/page-weight.ts';
import { COMPILE_HINT as HINT } from '../../src/speed/integration.ts';

describe('the compile hints of the build', () => {
  const site = inject('siteDir');
  const assets = join(site, '_astro');
  const hinted = readdirSync(assets).filter(
    (name) => name.endsWith('.js') && readFileSync(join(assets, name), 'utf8').startsWith(HINT),
  );

  it('mark the chunk of React DOM and the entry of "/"\'s island, and nothing else', async () => {
    const home = await measurePage(site, 'index.html');
    const loadedByHome = home.js
      .filter((asset) => asset.source.startsWith('/_astro/'))
      .map((asset) => basename(asset.source));
    const reactDom = loadedByHome.filter((name) =>
      readFileSync(join(assets, name), 'utf8').includes('__reactContainer$'),
    );
    expect(reactDom).toHaveLength(1);
    const island = /component-url="([^"]+)"/.exec(readFileSync(join(site, 'index.html'), 'utf8'))?.[1];
    expect(island && basename(island)).toMatch(/^Home\./);
    // "/"'s own code is there: the quiz store, which no other island imports.
    expect(readFileSync(join(assets, basename(island!)), 'utf8')).toContain('goBack on the first question');
    expect(hinted.toSorted()).toEqual([...reactDom, basename(island!)].toSorted());
  });
});

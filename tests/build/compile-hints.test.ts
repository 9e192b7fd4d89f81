/**
 * The chunks every tap on "/" runs, React's DOM and the quiz's own code, ask
 * Chrome to compile them as they stream in (src/speed/integration.ts,
 * compiledEagerly); before, the first tap compiled some 84 functions on the
 * main thread. Code that may never run (the lazy screens, charts, the API
 * client) is left to compile when called.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { measurePage } from '../../scripts/page-weight.ts';

const HINT = '//# allFunctionsCalledOnLoad\n';

describe('the compile hints of the build', () => {
  const site = inject('siteDir');
  const assets = join(site, '_astro');
  const hinted = readdirSync(assets).filter(
    (name) => name.endsWith('.js') && readFileSync(join(assets, name), 'utf8').startsWith(HINT),
  );

  it('mark the chunk of React DOM and the chunk of "/"\'s own code, and nothing else', async () => {
    const home = await measurePage(site, 'index.html');
    const loadedByHome = home.js
      .filter((asset) => asset.source.startsWith('/_astro/'))
      .map((asset) => basename(asset.source));
    const reactDom = loadedByHome.filter((name) =>
      readFileSync(join(assets, name), 'utf8').includes('__reactContainer$'),
    );
    expect(reactDom).toHaveLength(1);
    expect(hinted.toSorted()).toEqual(
      [...reactDom, ...loadedByHome.filter((name) => name.startsWith('home.'))].toSorted(),
    );
  });
});

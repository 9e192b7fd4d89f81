import { brotliCompressSync } from 'node:zlib';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IMMUTABLE, REVALIDATE } from '../../src/integrations/static-headers.ts';
import { phonePage } from '../support/chromium/phone.ts';
import { useProduct } from '../support/chromium/product.ts';
import { visitorOn } from '../support/chromium/quiz-driver.ts';

/** What the browser received for each address, with the headers it got. */
function recordResponses(page: Page): Response[] {
  const seen: Response[] = [];
  page.on('response', (res) => seen.push(res));
  return seen;
}

/** A file so small that Brotli cannot shrink it has no compressed copy and goes out as it is. */
async function expectTooSmallToCompress(url: string): Promise<void> {
  const body = Buffer.from(await (await fetch(url)).arrayBuffer());
  expect(brotliCompressSync(body).length, url).toBeGreaterThanOrEqual(body.length);
}

describe('compressed, cacheable files on a phone', () => {
  const product = useProduct();
  let context: BrowserContext;
  let page: Page;
  beforeEach(async () => ({ context, page } = await phonePage(product.browser)));
  afterEach(async () => context?.close());

  it('receives HTML (its CSS inside) and JavaScript compressed, assets cached for good and pages revalidated', async () => {
    const responses = recordResponses(page);
    await visitorOn(page).openQuiz(product.app.url);
    await page.goto(`${product.app.url}/values/love`);

    const of = (kind: 'document' | 'script' | 'stylesheet') =>
      responses.filter((r) => r.request().resourceType() === kind && r.url().startsWith(product.app.url));
    const documents = of('document');
    const scripts = of('script');
    expect(documents.length).toBe(2);
    expect(scripts.length).toBeGreaterThan(0);
    // The build inlines every stylesheet (src/speed/integration.ts), so the CSS arrives compressed with its page.
    expect(of('stylesheet').map((r) => r.url())).toEqual([]);
    expect(await page.locator('head style').count()).toBeGreaterThan(0);
    for (const res of [...documents, ...scripts]) {
      const headers = await res.allHeaders();
      if (headers['content-encoding'] === undefined) {
        await expectTooSmallToCompress(res.url());
        continue;
      }
      expect(headers['content-encoding'], res.url()).toMatch(/^(br|gzip)$/);
      expect(headers.vary, res.url()).toContain('accept-encoding');
    }
    for (const res of documents) expect((await res.allHeaders())['cache-control'], res.url()).toBe(REVALIDATE);
    for (const res of scripts) expect((await res.allHeaders())['cache-control'], res.url()).toBe(IMMUTABLE);

    // Every stylesheet and script the pages name, fetched as the browser fetches (its own Accept-Encoding).
    const assets = await page.evaluate(async () => {
      const home = await (await fetch('/')).text();
      const urls = [...home.matchAll(/(?:href|src|component-url|renderer-url)="(\/_astro\/[^"]+\.(?:css|js))"/g)].map(
        (m) => m[1]!,
      );
      return Promise.all(
        [...new Set(urls), '/', '/values'].map(async (url) => {
          const res = await fetch(url);
          return { url, encoding: res.headers.get('content-encoding'), cache: res.headers.get('cache-control') };
        }),
      );
    });
    expect(assets.some((a) => a.url.endsWith('.js'))).toBe(true);
    for (const asset of assets) {
      if (asset.encoding === null) await expectTooSmallToCompress(`${product.app.url}${asset.url}`);
      else expect(asset.encoding, asset.url).toMatch(/^(br|gzip)$/);
      expect(asset.cache, asset.url).toBe(asset.url.startsWith('/_astro/') ? IMMUTABLE : REVALIDATE);
    }
  });

  it('serves gzip to a client that takes only gzip, and the files as they are to one that takes neither', async () => {
    for (const path of ['/', '/values/love']) {
      const gz = await fetch(`${product.app.url}${path}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers.get('content-encoding'), path).toBe('gzip');
      expect(await gz.text(), path).toContain('</html>');
      const plain = await fetch(`${product.app.url}${path}`, { headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers.get('content-encoding'), path).toBeNull();
      expect(await plain.text(), path).toContain('</html>');
    }
  });
});

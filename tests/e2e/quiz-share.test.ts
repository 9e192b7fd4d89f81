import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useProduct } from '../support/chromium/product.ts';
import { POLL, responseCount, visitorOn } from '../support/chromium/quiz-driver.ts';
import { PATH_A, cellPathFor, expectedPercentages } from '../support/visitor.ts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('sharing a result', () => {
  const product = useProduct();
  let results: Page;
  let link: string;

  beforeAll(async () => {
    results = await product.browser.newPage({ viewport: { width: 1200, height: 900 } });
    await visitorOn(results).openQuiz(product.app.url);
    await visitorOn(results).startWithName('Bob Builder');
    await visitorOn(results).answer(PATH_A);
    await visitorOn(results).onResults();
    // The comparison is asked for once the save has settled.
    await results.getByRole('region', { name: 'How Do You Compare?' }).getByRole('img').waitFor();
    link = await results.getByLabel('Link to this result').inputValue();
  });

  it('the link carries no name until the visitor adds one, and says beside its button what it shows', async () => {
    const bare = `${product.app.url}${cellPathFor(PATH_A)}?r=${PATH_A.join('')}`;
    expect(link).toBe(bare);
    expect(await results.getByLabel('First name shown with the link (optional)').inputValue()).toBe('');
    const copy = results.getByRole('button', { name: 'Copy link' });
    const shows = 'This link shows your map and your 12 answers, and your first name only if you add it above.';
    expect(await results.getByText(shows).count()).toBe(1);
    expect(await copy.evaluate((b) => b.getAttribute('aria-describedby'))).toBe('quiz-share-shows');
    expect(await results.locator('#quiz-share-shows').innerText()).toBe(shows);

    const page = await product.browser.newPage();
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'A shared map' }).waitFor();
    expect(await visitorOn(page).shownPercentages()).toEqual(expectedPercentages(PATH_A));
    expect(await page.locator('body').innerText()).not.toContain('Bob');
    await page.close();
  });

  it('the link, with the first name the visitor adds, reopens the same percentages without retaking or storing anything', async () => {
    expect(await responseCount(product.app)).toBe(1);
    await results.getByLabel('First name shown with the link (optional)').fill('Sharer');
    link = await results.getByLabel('Link to this result').inputValue();
    expect(link).toBe(`${product.app.url}${cellPathFor(PATH_A)}?r=${PATH_A.join('')}&n=Sharer`);
    const page = await product.browser.newPage();
    const submits: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/rpc/submit_response')) submits.push(r.url());
    });
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Sharer’s map' }).waitFor();
    expect(await visitorOn(page).shownPercentages()).toEqual(expectedPercentages(PATH_A));
    expect(await visitorOn(page).shownPercentages()).toEqual(await visitorOn(results).shownPercentages());
    await page.getByRole('region', { name: 'How Does Sharer Compare?' }).getByRole('img').waitFor();
    expect(submits).toEqual([]);
    expect(await responseCount(product.app)).toBe(1);

    // From a shared result the visitor can take the quiz themselves, to compare.
    await page.getByRole('button', { name: 'Take the quiz and compare' }).click();
    await page.getByPlaceholder("What's your name?").waitFor();
    expect(new URL(page.url()).search).toBe('');
  });

  it('"Save image" downloads a PNG of the result chart, made from its canvas, with its title and figures around it', async () => {
    const save = results.getByRole('button', { name: 'Save image' });
    await expect.poll(() => save.isEnabled(), POLL).toBe(true);
    const [download] = await Promise.all([results.waitForEvent('download'), save.click()]);
    expect(download.suggestedFilename()).toBe('map-your-contradictions.png');
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(bytes.length).toBeGreaterThan(4000);
    // IHDR holds the image size: as wide as the chart's canvas, and taller by the title above and the figures below.
    const size = { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
    const canvas = await results
      .getByRole('img', { name: /^Your result chart/ })
      .evaluate((c: HTMLCanvasElement) => ({ width: c.width, height: c.height }));
    expect(size.width).toBe(canvas.width);
    expect(size.height).toBeGreaterThan(canvas.height * 1.2);
    expect(size.width).toBeGreaterThan(200);
  });
});

/**
 * /insights says one thing at a time: the scatterplots count sides of the
 * center, the heatmap high and low values, each saying so; coinciding dots
 * are owned up to.
 */
import { describe, expect, it } from 'vitest';
import { useProduct } from '../support/chromium/product.ts';
import { canvasOf, spreadRespondents, submitAll } from '../support/chromium/insights-page.ts';
import { POLL } from '../support/chromium/quiz-driver.ts';

describe('/insights in words', () => {
  const product = useProduct();

  it('names its two counts apart, and says when dots coincide', async () => {
    const [a, b] = spreadRespondents([null, null]);
    // Three respondents with one set of answers, and one with another: four respondents, two places.
    await submitAll(product.app, [a!, a!, a!, b!]);
    const context = await product.browser.newContext({ viewport: { width: 1280, height: 1000 } });
    try {
      const page = await context.newPage();
      await page.goto(`${product.app.url}/insights`);
      const caption = page.locator('figure', { has: canvasOf(page, 'scatter') }).locator('figcaption');
      await expect.poll(() => caption.textContent(), POLL).toContain('Showing all 4 respondents.');
      const text = (await caption.textContent()) ?? '';
      expect(text).toContain('Respondents with the same totals share one dot: 2 places for 4 dots.');
      expect(text).toContain('Sides of the center, counted here by which side of each axis a dot falls on:');
      expect(text).not.toContain('lean to');
      const heatmap = page.locator('figure', { has: canvasOf(page, 'heatmap') }).locator('figcaption');
      expect(await heatmap.textContent()).toMatch(/^High and low values, counted here by whether each value/);
      expect(await heatmap.textContent()).not.toMatch(/colour/);
    } finally {
      await context.close();
    }
  });
});

/**
 * Empty is not an error: with no one having answered yet, no page writes an
 * error or a warning to the console, on a phone of 390×844 with the CPU
 * slowed 4×. /insights says it has no data; /hehe unlocks onto empty charts.
 */
import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import { routeOf } from '../../scripts/page-weight.ts';
import { htmlFiles } from '../../scripts/site-build.ts';
import { E2E_PASSWORD } from '../support/chromium/app.ts';
import { slowPhonePage } from '../support/chromium/phone.ts';
import { useProduct } from '../support/chromium/product.ts';
import { POLL } from '../support/chromium/quiz-driver.ts';
import { untilHydrated } from '../support/chromium/browser.ts';

const product = useProduct();

/**
 * Every page of the build but the answer to an unknown address; of the map's
 * cell pages, which are one page built 64 times, the first.
 */
const ALL_ROUTES = htmlFiles(inject('siteDir'))
  .map(routeOf)
  .filter((route) => route !== '/404');
const CELL_PAGES = ALL_ROUTES.filter((route) => route.startsWith('/r/')).sort();
const ROUTES = [...ALL_ROUTES.filter((route) => !route.startsWith('/r/')), ...CELL_PAGES.slice(0, 1)];

describe('with 0 respondents', () => {
  it.each(ROUTES)('%s writes no console error or warning', async (route) => {
    const { context, page, problems } = await slowPhonePage(product.browser);
    try {
      await page.goto(product.app.url + route);
      await untilHydrated(page, POLL);
      if (route === '/insights') await page.getByText('No data yet.').first().waitFor(POLL);
      if (route === '/hehe') {
        await page.getByPlaceholder('Enter secret password').fill(E2E_PASSWORD);
        await page.getByRole('button', { name: 'Unlock' }).tap();
        await page.getByRole('heading', { name: 'Welcome to Secret Insights' }).waitFor(POLL);
        await page.getByText('No data yet.').first().waitFor(POLL);
      }
      await page.waitForTimeout(1000);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

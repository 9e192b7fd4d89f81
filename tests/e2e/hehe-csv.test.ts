import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSV_BOM, RESPONDENTS_CSV_COLUMNS } from '../../src/core/respondents-csv.ts';
import { percentFigure, resultShares, scoreChoices } from '../../src/core/scoring.ts';
import { VALUES } from '../../src/core/values.ts';
import { E2E_PASSWORD } from '../support/chromium/app.ts';
import { spreadRespondents } from '../support/chromium/insights-page.ts';
import { useProduct } from '../support/chromium/product.ts';
import { parseCsv } from '../support/csv.ts';

/** Names a spreadsheet or a CSV reader could stumble on. */
const NAMES = ['Marigold, "the bold"', null, '=HYPERLINK("http://example.com","x")', '@Ottoline', 'Zoë Ødegård', '-1'];

interface Saved {
  name: string | null;
  /** The results screen's percentages, as its list printed them, then the saved normalized values. */
  values: string[];
}

describe('/hehe CSV download', () => {
  const product = useProduct();
  const saved: Saved[] = [];
  let savedFrom = '';
  let savedUntil = '';

  beforeAll(async () => {
    savedFrom = new Date(Date.now() - 1000).toISOString().slice(0, 19);
    for (const r of spreadRespondents(NAMES)) {
      const res = await product.app.rpc('submit_response', {
        submission_id: crypto.randomUUID(),
        name: r.name,
        answers: r.answers,
      });
      if (res.status !== 200) throw new Error(`submit_response answered ${res.status}`);
      // submit_response answers with the id alone; the scores stored are those the core derives from the answers.
      const { raw, normalized } = scoreChoices(r.answers);
      const shares = resultShares(raw);
      saved.push({
        name: r.name,
        values: [...VALUES.map((v) => percentFigure(shares[v])), ...VALUES.map((v) => String(normalized[v]))],
      });
    }
    savedUntil = new Date(Date.now() + 1000).toISOString().slice(0, 19);
  });

  it('downloads, once unlocked, every respondent as the database stored them, names guarded and quoted', async () => {
    const context = await product.browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${product.app.url}/hehe`);
    await page.locator('button:has-text("Unlock"):enabled').waitFor();
    await expect(page.getByRole('button', { name: 'Download CSV' }).count()).resolves.toBe(0);
    await page.getByPlaceholder('Enter secret password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Unlock' }).click();

    const button = page.getByRole('button', { name: 'Download CSV' });
    await button.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^respondents-\d{4}-\d\d-\d\d\.csv$/);
    const text = (await readFile(await download.path())).toString('utf8');
    await expect(page.locator('[data-csv-status="done"]').textContent()).resolves.toBe(
      `Saved ${NAMES.length} respondents as CSV.`,
    );
    await context.close();

    expect(text.startsWith(CSV_BOM)).toBe(true);
    const [header, ...rows] = parseCsv(text.slice(CSV_BOM.length));
    expect(header).toEqual([...RESPONDENTS_CSV_COLUMNS]);
    expect(rows.map(([name, , ...values]) => [name, ...values])).toEqual(
      saved.map((s) => [s.name === null ? '' : /^[=+\-@]/.test(s.name) ? `'${s.name}` : s.name, ...s.values]),
    );
    for (const [, time] of rows) {
      expect(time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(time!.slice(0, 19) >= savedFrom && time!.slice(0, 19) <= savedUntil, `${time} within the saves`).toBe(
        true,
      );
    }
  });
  it('pages through every respondent with the last id of each page (a page size of 2 put into its requests)', async () => {
    const context = await product.browser.newContext({ acceptDownloads: true, serviceWorkers: 'block' });
    const page = await context.newPage();
    // What the browser asked for after which id; a download that never moves on is cut off rather than left to loop.
    const afterIds: unknown[] = [];
    await page.route('**/rest/v1/rpc/export_respondents', async (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown>;
      afterIds.push(body.after_id);
      if (afterIds.length > 2 * NAMES.length) return route.abort();
      return route.continue({ postData: JSON.stringify({ ...body, page_size: 2 }) });
    });
    await page.goto(`${product.app.url}/hehe`);
    await page.locator('button:has-text("Unlock"):enabled').waitFor();
    await page.getByPlaceholder('Enter secret password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Unlock' }).click();
    const button = page.getByRole('button', { name: 'Download CSV' });
    await button.waitFor();
    const downloaded = page.waitForEvent('download');
    await button.click();
    // A download cut off fails at once, and says so: no file comes.
    const download = await Promise.race([
      downloaded,
      page
        .locator('[data-csv-status="failed"]')
        .waitFor()
        .then(() => null),
    ]);
    const text = download ? (await readFile(await download.path())).toString('utf8') : '';
    await context.close();

    // Three pages of two and the empty one that says there is no more, each after the last id of the one before.
    expect(afterIds).toHaveLength(NAMES.length / 2 + 1);
    expect(afterIds[0]).toBeNull();
    const ids = afterIds.slice(1) as number[];
    expect(ids.every((id, i) => Number.isInteger(id) && (i === 0 || id > ids[i - 1]!))).toBe(true);
    const [, ...rows] = parseCsv(text.slice(CSV_BOM.length));
    expect(rows.map(([name]) => name)).toEqual(
      saved.map((s) => (s.name === null ? '' : /^[=+\-@]/.test(s.name) ? `'${s.name}` : s.name)),
    );
  });
});

import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSV_BOM, RESPONDENTS_CSV_COLUMNS } from '../../src/core/respondents-csv.ts';
import { scoreChoices } from '../../src/core/scoring.ts';
import { E2E_PASSWORD } from '../support/chromium/app.ts';
import { spreadRespondents } from '../support/chromium/insights-page.ts';
import { useProduct } from '../support/chromium/product.ts';
import { parseCsv } from '../support/csv.ts';

/** Names a spreadsheet or a CSV reader could stumble on. */
const NAMES = ['Marigold, "the bold"', null, '=HYPERLINK("http://example.com","x")', '@Ottoline', 'Zoë Ødegård', '-1'];

interface Saved {
  name: string | null;
  normalized: [number, number, number, number];
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
      const { normalized } = scoreChoices(r.answers);
      saved.push({ name: r.name, normalized: [normalized.love, normalized.duty, normalized.honor, normalized.reason] });
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
    expect(rows.map(([name, , ...values]) => [name, ...values.map(Number)])).toEqual(
      saved.map((s) => [s.name === null ? '' : /^[=+\-@]/.test(s.name) ? `'${s.name}` : s.name, ...s.normalized]),
    );
    for (const [, time] of rows) {
      expect(time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(time!.slice(0, 19) >= savedFrom && time!.slice(0, 19) <= savedUntil, `${time} within the saves`).toBe(
        true,
      );
    }
  });
});

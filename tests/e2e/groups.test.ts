/**
 * A group's whole life in real Chromium against the local server: an owner
 * starts it; two members in fresh browsers each take the quiz and add the
 * kept result through the join link; every one of them sees both names; a
 * browser holding only the join link sees the group's name and no member;
 * the owner removes a member and deletes the group, and each browser then
 * sees what it should. axe checks every group screen on the way.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { htmlErrors } from '../../scripts/html-checker.ts';
import { expectNoAxeViolations } from '../support/chromium/browser.ts';
import { useProduct } from '../support/chromium/product.ts';
import { waitForDrawing } from '../support/chromium/insights-page.ts';
import { POLL, pendingCount, visitorOn } from '../support/chromium/quiz-driver.ts';
import { PATH_A, PATH_B } from '../support/visitor.ts';

const GROUP = 'Tuesday book club';

describe('a group without accounts', () => {
  const product = useProduct();
  const contexts: BrowserContext[] = [];
  // Each group screen as the browser drew it, for the Nu HTML Checker at the end.
  const drawn = mkdtempSync(join(tmpdir(), 'mc-group-screens-'));
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    rmSync(drawn, { recursive: true, force: true });
  });

  /** axe in the light and the dark color scheme, and the screen's markup kept for the checker. */
  async function checkScreen(page: Page, label: string): Promise<void> {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoAxeViolations(page, `${label} (${colorScheme})`);
    }
    await page.emulateMedia({ colorScheme: null });
    writeFileSync(join(drawn, `${label.replace(/\W+/g, '-')}.html`), await page.content());
  }
  async function freshPage(): Promise<Page> {
    const context = await product.browser.newContext();
    contexts.push(context);
    return context.newPage();
  }

  async function takeQuiz(page: Page, name: string, path: readonly number[]): Promise<void> {
    const visitor = visitorOn(page);
    await visitor.openQuiz(product.app.url);
    await visitor.startWithName(name);
    await visitor.answer(path);
    await visitor.onResults();
    await expect.poll(() => pendingCount(page), POLL).toBe(0);
  }

  async function joinWithKeptResult(page: Page, joinLink: string): Promise<void> {
    await page.goto(joinLink);
    await page.getByRole('heading', { name: `You’re mapping with ${GROUP}` }).waitFor();
    await page.getByRole('button', { name: 'Add this result' }).click();
    await page.getByText(`You joined ${GROUP}.`).waitFor();
    await page.getByRole('link', { name: 'See the group’s map' }).click();
  }

  async function memberNames(page: Page): Promise<string[]> {
    const table = page.getByTestId('group-members');
    await table.waitFor();
    return (await table.locator('tbody th').allInnerTexts()).map((t) => t.replace(/ \(you\)$/, ''));
  }

  let joinLink = '';
  let ownerLink = '';
  let owner: Page;
  let ada: Page;
  let ben: Page;

  it('starts a group with a join link and an owner link, and remembers it in "Your groups"', async () => {
    owner = await freshPage();
    await owner.goto(`${product.app.url}/group`);
    await owner.getByLabel('Group name').fill(`  ${GROUP} `);
    await checkScreen(owner, 'start a group');
    await owner.getByRole('button', { name: 'Start the group' }).click();
    await owner.getByTestId('group-created').waitFor();
    joinLink = await owner.getByRole('textbox', { name: 'Join link' }).inputValue();
    ownerLink = await owner.getByRole('textbox', { name: 'Owner link' }).inputValue();
    expect(joinLink).toMatch(/\/group\?join=[A-Za-z0-9_-]{22}$/);
    expect(ownerLink).toMatch(/\/group#owner=[A-Za-z0-9_-]{43}$/);
    await expect.poll(() => owner.getByTestId('your-groups').innerText()).toContain(GROUP);
    await checkScreen(owner, 'the two links');
  });

  it('lets two members from fresh browsers join, and shows both named rows to each and to the owner', async () => {
    ada = await freshPage();
    await takeQuiz(ada, 'Ada', PATH_A);
    await joinWithKeptResult(ada, joinLink);
    ben = await freshPage();
    await takeQuiz(ben, 'Ben', PATH_B);
    await ben.goto(joinLink);
    // The page is drawn by its island: axe waits for the join screen to be there.
    await ben.getByRole('heading', { name: `You’re mapping with ${GROUP}` }).waitFor();
    await checkScreen(ben, 'join a group');
    await joinWithKeptResult(ben, joinLink);

    await owner.goto(ownerLink);
    expect(await memberNames(owner)).toEqual(['Ada', 'Ben']);
    await ada.reload();
    expect(await memberNames(ada)).toEqual(['Ada', 'Ben']);
    expect(await memberNames(ben)).toEqual(['Ada', 'Ben']);
    await expect.poll(() => ben.getByTestId('closest-farthest').innerText()).toContain('Ada');

    // The map: each member a dot on /hehe's charts, and the keyboard reaches every one, naming it.
    for (const chart of ['pie', 'scatter', 'relative', 'heatmap']) await waitForDrawing(owner, chart);
    await owner.getByRole('application', { name: /^Scatterplot: All respondents\./ }).focus();
    const named = new Set<string>();
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowLeft', 'ArrowLeft', 'ArrowUp', 'ArrowDown']) {
      await owner.keyboard.press(key);
      const name = owner.locator('[data-picked="scatter"] span');
      await expect.poll(() => name.count(), POLL).toBeGreaterThan(0);
      named.add((await name.first().textContent()) ?? '');
    }
    expect([...named].sort()).toEqual(['Ada', 'Ben']);
    await checkScreen(owner, 'the group map (owner)');
    await checkScreen(ben, 'the group map (member)');
  });

  it('shows the group name and no member to a browser holding only the join link', async () => {
    const stranger = await freshPage();
    await stranger.goto(joinLink);
    await stranger.getByRole('heading', { name: `You’re mapping with ${GROUP}` }).waitFor();
    const text = await stranger.locator('main').innerText();
    expect(text).not.toContain('Ada');
    expect(text).not.toContain('Ben');
    expect(text).toContain('This browser keeps no result yet.');
  });

  it('lets a member join by taking the quiz from the join link, the join waiting with the save while the site cannot be reached', async () => {
    const cleo = await freshPage();
    await cleo.goto(joinLink);
    await cleo.getByRole('button', { name: 'Take the quiz for this group' }).click();
    await cleo.waitForURL(`${product.app.url}/`);
    const visitor = visitorOn(cleo);
    await visitor.openQuiz(product.app.url);
    await cleo.getByText(`You’re mapping with ${GROUP}: your result joins the group once it is saved.`).waitFor();
    // From here the site cannot be reached: the save and the join wait in this browser.
    const api = `${product.app.url}/rest/v1/rpc/**`;
    await cleo.route(api, (route) => route.abort('internetdisconnected'));
    await visitor.startWithName('Cleo');
    await visitor.answer(PATH_A);
    await visitor.onResults();
    await cleo.getByText(`Your result joins ${GROUP} once it is saved.`).waitFor();
    expect(await memberNames(owner)).toEqual(['Ada', 'Ben']);

    await cleo.unroute(api);
    await cleo.evaluate(() => window.dispatchEvent(new Event('online')));
    await cleo.getByText(`Your result joined ${GROUP}.`).waitFor();
    await cleo.getByRole('link', { name: 'See the group’s map' }).click();
    expect(await memberNames(cleo)).toEqual(['Ada', 'Ben', 'Cleo']);
    await owner.reload();
    expect(await memberNames(owner)).toEqual(['Ada', 'Ben', 'Cleo']);
  });

  it('lets the owner remove a member and delete the group, and each browser then sees it', async () => {
    await owner.getByRole('button', { name: 'Remove Ben' }).click();
    await expect.poll(() => owner.getByTestId('group-note').innerText()).toBe('Ben is no longer a member.');
    await expect.poll(() => memberNames(owner)).toEqual(['Ada', 'Cleo']);
    await ben.reload();
    await ben.getByText('This group is no longer open to you').waitFor();
    await checkScreen(ben, 'no longer a member');
    await ada.reload();
    expect(await memberNames(ada)).toEqual(['Ada', 'Cleo']);

    await owner.getByRole('button', { name: 'Delete the group' }).click();
    await owner.getByText('This owner link opens no group').waitFor();
    await ada.reload();
    await ada.getByText('This group is no longer open to you').waitFor();
    const late = await freshPage();
    await late.goto(joinLink);
    await late.getByText('This link names no group').waitFor();
    await checkScreen(late, 'a link that names no group');
    await owner.goto(`${product.app.url}/group`);
    await owner.getByLabel('Group name').waitFor();
    expect(await owner.getByTestId('your-groups').count()).toBe(0);
  });

  it('drew every group screen as valid HTML, by the Nu HTML Checker', () => {
    const errors = htmlErrors(drawn).map(
      (m) => `${m.url ? relative(drawn, fileURLToPath(m.url)) : '?'}:${m.lastLine ?? '?'}: ${m.message}`,
    );
    expect(errors).toEqual([]);
  });
});

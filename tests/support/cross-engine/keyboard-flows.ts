/**
 * The keyboard flows of the cross-engine suite, the same checks the
 * Chromium suite makes in tests/e2e (keyboard-focus, hehe): focus clear of
 * the sticky top bar (WCAG 2.4.11), focus that follows the removal's steps
 * and the folded menu (2.4.3), and the /hehe plot stepped by arrow keys.
 * Every move is a real key press of the engine's WebDriver client.
 */
import { expect } from 'vitest';
import { stepDot, stackedWith, type StepDirection } from '../../../src/core/dot-steps.ts';
import { positionsOf, type ValueTuple } from '../../../src/core/points.ts';
import type { HiddenPageInsights } from '../../../src/lib/api.ts';
import { WITHDRAW_MY_ANSWERS } from '../../../src/islands/quiz/withdrawal-texts.ts';
import { E2E_PASSWORD } from '../chromium/app.ts';
import { PATIENCE_MS, waitUntil, type KeyPress, type Session } from './session.ts';
import type { Flow } from './suite.ts';
import { leaveSite, waitForDrawing, waitForElement, waitForIslands } from './visitor.ts';

/** Presses of Tab in each direction over the results: more than the controls a phone's results screen holds. */
const TAB_WALK = 60;
/** Presses of Tab allowed to reach one control from wherever the focus is. */
const TAB_REACH = 100;
const MENU = 'site-menu';
const HEHE_PLOT = 'Scatterplot: All respondents.';

interface FocusPlace {
  /** The focused control, for a message: its tag and the start of its text. */
  what: string;
  inBar: boolean;
  /** How many CSS pixels of it lie under the top bar. */
  under: number;
  /** The page's last stop of the Tab key that way: one more press would leave the page. */
  atEdge: boolean;
}

/**
 * In the page, once the scrolling a focus move brought has landed (the page
 * held still from one frame to the next; WebKit reveals a text field a frame
 * or two late): the focused control and how far it lies under the sticky
 * top bar; null when nothing on the page has the focus.
 */
function focusAgainstBar(backwards: boolean): Promise<FocusPlace | null> {
  return new Promise((resolve) => {
    let before = Number.NaN;
    let frames = 0;
    const settled = () => {
      // Past a second of frames the page is read as it is: a place that keeps moving is no place to stop at.
      if (window.scrollY !== before && frames++ < 60) {
        before = window.scrollY;
        requestAnimationFrame(settled);
        return;
      }
      const focused = document.activeElement;
      if (!(focused instanceof HTMLElement) || focused === document.body) return resolve(null);
      const bar = document.querySelector('header')!.getBoundingClientRect();
      const box = focused.getBoundingClientRect();
      const overlap = Math.max(0, Math.min(box.bottom, bar.bottom) - Math.max(box.top, bar.top));
      // A field is named by its label, as a screen reader names it.
      const label = focused instanceof HTMLInputElement ? focused.labels?.[0]?.innerText : undefined;
      const said = (label || focused.innerText || focused.getAttribute('aria-label') || '').replace(/\s+/g, ' ').trim();
      // The page's stops of the Tab key, in order: the page sets no positive tabindex.
      const stops = [...document.querySelectorAll<HTMLElement>('*')].filter(
        (el) =>
          el.tabIndex >= 0 &&
          !el.matches(':disabled, a:not([href])') &&
          el.getClientRects().length > 0 &&
          getComputedStyle(el).visibility === 'visible' &&
          !el.closest('[inert]'),
      );
      resolve({
        what: `${focused.tagName.toLowerCase()} "${said.slice(0, 40)}"`,
        inBar: focused.closest('header') !== null,
        under: box.width > 0 && box.height > 0 ? overlap : 0,
        atEdge: focused === (backwards ? stops[0] : stops.at(-1)),
      });
    };
    requestAnimationFrame(settled);
  });
}

/** In the page: the focused element's name, its aria-label or its text. */
function focusedName(): string | null {
  const focused = document.activeElement;
  if (!focused || focused === document.body) return null;
  return (focused.getAttribute('aria-label') ?? focused.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * Tabs in one direction up to the page's last stop that way, or `steps`
 * presses: the controls reached outside the bar, in order, and those that
 * lay under it. It stops short of the browser's own controls: a headless
 * Firefox that sends the focus there does not give the page its focus back.
 */
async function tabThrough(session: Session, key: 'Tab' | 'Shift+Tab', steps: number) {
  const seen: string[] = [];
  const hidden = new Set<string>();
  for (let i = 0; i < steps; i++) {
    await session.press(key);
    const where = await session.evaluate(focusAgainstBar, key === 'Shift+Tab');
    if (!where) throw new Error(`${key} took the focus off the page after ${seen.join(', ')}`);
    if (!where.inBar && !seen.includes(where.what)) seen.push(where.what);
    if (!where.inBar && where.under > 0) hidden.add(`${where.what} (${where.under.toFixed(0)} px under the bar)`);
    if (where.atEdge) break;
  }
  return { seen, hidden: [...hidden] };
}

/** Presses Tab until the focused element matches `selector` and its name starts with `name`. */
async function tabTo(session: Session, selector: string, name: string): Promise<void> {
  const reached = () =>
    session.evaluate(
      (sel: string, start: string) => {
        const focused = document.activeElement;
        const said = (focused?.getAttribute('aria-label') ?? focused?.textContent ?? '').replace(/\s+/g, ' ').trim();
        return focused !== null && focused.matches(sel) && said.startsWith(start);
      },
      selector,
      name,
    );
  for (let i = 0; i < TAB_REACH; i++) {
    await session.press('Tab');
    if (await reached()) return;
  }
  throw new Error(`Tab did not reach ${selector} "${name}" in ${TAB_REACH} presses`);
}

/** Takes the focus off the page and scrolls to its top, so that Tab starts from the page's beginning. */
async function fromTheTop(session: Session): Promise<void> {
  await session.evaluate(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    window.scrollTo(0, 0);
  });
}

/**
 * Goes on from the results the flows before left on screen: from their
 * heading down to the page's last control, then back up to its first, in the
 * top bar.
 */
export const resultsByTab: Flow = async ({ session }) => {
  await waitForElement(session, 'button', WITHDRAW_MY_ANSWERS);
  await waitForElement(session, 'button', 'Save image');
  // Where the results screen puts the focus when it is shown: its heading, at the top.
  await session.evaluate(() => {
    window.scrollTo(0, 0);
    document.querySelector<HTMLElement>('[data-autofocus="results"]')!.focus();
  });
  const down = await tabThrough(session, 'Tab', TAB_WALK);
  expect(down.seen.length, `controls reached by Tab: ${down.seen.join(', ')}`).toBeGreaterThan(10);
  expect(down.seen, 'reached by Tab').toContain('button "What does this mean?"');
  expect(down.hidden, 'focused under the bar, tabbing down').toEqual([]);
  const up = await tabThrough(session, 'Shift+Tab', TAB_WALK);
  // Every control again, from the one before the last, where Tab stopped.
  expect(up.seen, 'reached by Shift+Tab').toEqual([...down.seen].reverse().slice(1));
  expect(up.hidden, 'focused under the bar, tabbing up').toEqual([]);
};

/** Goes on from the results the flows before left on screen; cancels, so the saved result stays. */
export const removalByKeyboard: Flow = async ({ session }) => {
  await waitForElement(session, 'button', WITHDRAW_MY_ANSWERS);
  await fromTheTop(session);
  await tabTo(session, 'button', WITHDRAW_MY_ANSWERS);
  await session.press('Enter');
  await waitUntil(
    session,
    'the focus in the confirmation',
    () => document.activeElement?.closest('[role="group"][aria-label="Confirm the removal"]') != null,
  );
  expect(await session.evaluate(focusedName)).toBe('Yes, remove from the site');
  await session.press('Tab');
  expect(await session.evaluate(focusedName)).toBe('Cancel');
  await session.press('Space');
  await waitUntil(
    session,
    'the confirmation gone',
    () => !document.querySelector('[role="group"][aria-label="Confirm the removal"]'),
  );
  expect(await session.evaluate(focusedName)).toBe(WITHDRAW_MY_ANSWERS);
};

export const menuByKeyboard: Flow = async ({ session, app }) => {
  await leaveSite(session, app.url);
  await session.goto(`${app.url}/`);
  await waitForIslands(session);
  const menu = () =>
    session.evaluate((id: string) => {
      const toggle = document.querySelector(`button[aria-controls="${id}"]`);
      const list = document.getElementById(id);
      return {
        expanded: toggle?.getAttribute('aria-expanded') ?? null,
        shown: list !== null && list.getBoundingClientRect().height > 0,
        focusOnToggle: toggle !== null && toggle === document.activeElement,
      };
    }, MENU);
  expect(await menu(), 'the menu folded at this width').toEqual({
    expanded: 'false',
    shown: false,
    focusOnToggle: false,
  });
  await fromTheTop(session);
  await tabTo(session, 'button', 'Menu');
  for (const opener of ['Enter', 'Space'] as const satisfies readonly KeyPress[]) {
    await session.press(opener);
    await waitUntil(
      session,
      `the menu opened by ${opener}`,
      (id: string) => (document.getElementById(id)?.getBoundingClientRect().height ?? 0) > 0,
      MENU,
    );
    expect(await menu()).toEqual({ expanded: 'true', shown: true, focusOnToggle: true });
    await session.press('Tab');
    expect(await session.evaluate(focusedName)).toBe('home.');
    await session.press('Tab');
    expect(await session.evaluate(focusedName)).toBe('about.');
    await session.press('Escape');
    await waitUntil(
      session,
      'the menu closed by Escape',
      (id: string) => document.getElementById(id)?.getBoundingClientRect().height === 0,
      MENU,
    );
    expect(await menu(), `after ${opener}, Tab, Tab, Escape`).toEqual({
      expanded: 'false',
      shown: false,
      focusOnToggle: true,
    });
  }
};

/** The respondent the live region under the plot names for the dot `at`, as the page says it. */
function pickedSays(names: readonly (string | null)[], raw: readonly ValueTuple[], at: number): string {
  const here = stackedWith(raw, at, (a, b) => a.every((v, i) => v === b[i])).map((i) => names[i] ?? 'Anonymous');
  return here.length === 1 ? `Respondent: ${here[0]}` : `${here.length} respondents on this spot: ${here.join(', ')}`;
}

/** /hehe opens unlocked: the password flow before left its key in the browser. */
export const heheByKeyboard: Flow = async ({ session, app }) => {
  await session.goto(`${app.url}/hehe`);
  await waitForIslands(session);
  await waitForElement(session, 'h1, h2', 'Welcome to Secret Insights');
  await waitForDrawing(session, 'scatter');
  const answer = await app.rpc<HiddenPageInsights>('hidden_page_insights', { password: E2E_PASSWORD });
  expect(answer.status).toBe(200);
  const { raw, names } = answer.body.points;
  const positions = positionsOf(raw);
  const live = () =>
    session.evaluate(
      () => document.querySelector('[aria-live="polite"][data-picked="scatter"]')?.textContent?.trim() ?? null,
    );
  expect(await live()).toBe('Click a dot, or use the arrow keys on the plot, to see who it is.');

  await fromTheTop(session);
  await tabTo(session, '[role="application"]', HEHE_PLOT);
  const moves = [
    ['ArrowRight', 'right'],
    ['ArrowRight', 'right'],
    ['ArrowLeft', 'left'],
  ] as const satisfies readonly (readonly [KeyPress, StepDirection])[];
  let at: number | null = null;
  for (const [key, direction] of moves) {
    at = stepDot(positions, at, direction) ?? at;
    expect(at, 'a dot to step to').not.toBeNull();
    const expected = pickedSays(names, raw, at!);
    await session.press(key);
    await expect.poll(live, { timeout: PATIENCE_MS, message: `the live region after ${key}` }).toBe(expected);
  }
};

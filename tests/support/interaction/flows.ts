/**
 * The interactions measured, as a visitor makes them on a phone: a whole
 * quiz, /insights, and /hehe (unlock, a search typed key by key, a name
 * picked on the plot). Each action's interactions are read from the
 * page's Event Timing entries; an action with none took under 16 ms.
 */
import type { Locator, Page } from 'playwright-core';
import { armEffect, effectTime, type Effect } from './effect.ts';
import type { TimedEvent } from './phone.ts';
import { untilHydrated } from '../chromium/browser.ts';

/**
 * One interaction: its duration, input to next paint, and its three parts:
 * from the input to the handlers of its main event (the click where there
 * is one), in them, and from their end to the frame on the screen.
 */
export interface Interaction {
  duration: number;
  toHandlers: number;
  inHandlers: number;
  toScreen: number;
}

/** Per kind of action, each interaction (an action with no entry: one of 0 ms, under 16 ms). */
export type Durations = Map<string, Interaction[]>;

/** Per kind of action, the milliseconds from its input to the first frame showing its effect (effect.ts); null where it never showed. */
export type EffectTimes = Map<string, (number | null)[]>;

/** What an action's effect looks like on screen, and where its time goes. */
export interface Watched {
  shows: Effect | readonly Effect[];
  into: EffectTimes;
}

function interactionOf(events: TimedEvent[]): Interaction {
  const longest = events.reduce((a, b) => (b.duration > a.duration ? b : a));
  const main = events.find((e) => e.name === 'click') ?? longest;
  const handled = Math.max(...events.map((e) => e.processingEnd));
  return {
    duration: longest.duration,
    toHandlers: main.processingStart - main.startTime,
    inHandlers: main.processingEnd - main.processingStart,
    toScreen: longest.startTime + longest.duration - handled,
  };
}

/** The interactions of one action: the events of each interaction id it caused; with `effect`, also the time until it showed. */
export async function measure(
  page: Page,
  durations: Durations,
  kind: string,
  action: () => Promise<void>,
  effect?: Watched,
): Promise<void> {
  const before = await page.evaluate(() => window.__eventTimings?.length ?? 0);
  if (effect) await armEffect(page, effect.shows);
  await action();
  if (effect) effect.into.set(kind, [...(effect.into.get(kind) ?? []), await effectTime(page)]);
  // Entries are queued after the next paint; give the observer a moment.
  await page.waitForTimeout(400);
  const entries = await page.evaluate((from) => (window.__eventTimings ?? []).slice(from), before);
  const byId = new Map<number, TimedEvent[]>();
  for (const e of entries)
    if (e.interactionId > 0) byId.set(e.interactionId, [...(byId.get(e.interactionId) ?? []), e]);
  const found =
    byId.size > 0
      ? [...byId.values()].map(interactionOf)
      : [{ duration: 0, toHandlers: 0, inHandlers: 0, toScreen: 0 }];
  durations.set(kind, [...(durations.get(kind) ?? []), ...found]);
}

export async function tap(page: Page, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to tap');
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

/** Every island hydrated and the page quiet: the interactions measured are those of a ready page. */
export async function settled(page: Page): Promise<void> {
  await untilHydrated(page, { timeout: 30_000 });
  await page.waitForTimeout(1500);
}

export async function typeKeys(page: Page, durations: Durations, kind: string, text: string): Promise<void> {
  for (const key of text) await measure(page, durations, kind, () => page.keyboard.type(key));
}

export async function insights(page: Page, url: string, durations: Durations): Promise<void> {
  await page.goto(`${url}/insights`);
  await page.getByText(/^Based on /).waitFor({ timeout: 30_000 });
  await settled(page);
  for (const chart of ['pie', 'scatter', 'relative', 'heatmap']) {
    const canvas = page.locator(`canvas[data-chart="${chart}"]`);
    await canvas.scrollIntoViewIfNeeded();
    // Charts draw once near the screen, in an idle moment.
    await page.waitForTimeout(1500);
    await measure(page, durations, 'insights: tap a chart', () => tap(page, canvas));
  }
}

export async function hehe(
  page: Page,
  url: string,
  password: string,
  durations: Durations,
  effects: EffectTimes,
): Promise<void> {
  await page.goto(`${url}/hehe`);
  await settled(page);
  await page.locator('#hehe-password').fill(password);
  await page.locator('#hehe-password').focus();
  // Something answers at once (the button waits for the check); the welcome comes with the check's answer.
  await armEffect(page, { selector: 'h1', text: 'Welcome to Secret Insights' }, 'welcome');
  await measure(page, durations, 'hehe: unlock (Enter)', () => page.keyboard.press('Enter'), {
    shows: { selector: 'form button[type="submit"]:disabled', text: 'Unlock' },
    into: effects,
  });
  const welcome = 'hehe: unlock (Enter), welcome shown';
  effects.set(welcome, [...(effects.get(welcome) ?? []), await effectTime(page, 'welcome', 30_000)]);
  await page.getByText('Welcome to Secret Insights').waitFor({ timeout: 30_000 });
  await page.waitForTimeout(500);
  const search = page.getByRole('searchbox', { name: 'Search by name' });
  const caret = { shows: { selector: 'input[type="search"]:focus' }, into: effects };
  // 500 ms after the welcome, scrolled to at once, the field is tapped while the plots draw;
  // tapped again once they are, the tap pays for itself alone.
  await measure(page, durations, 'hehe: tap the search field 500 ms after the welcome', () => tap(page, search), caret);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.waitForTimeout(3000);
  await measure(page, durations, 'hehe: tap the search field, charts drawn', () => tap(page, search), caret);
  await typeKeys(page, durations, 'hehe: search keystroke', 'ada');
  await armEffect(page, { selector: '[data-search-summary]' }, 'matches');
  await measure(page, durations, 'hehe: search (Enter)', () => page.keyboard.press('Enter'));
  // From the search's answer arriving (its response's last byte) to the matches on screen.
  const afterAnswer = await page
    .waitForFunction(
      () => {
        const shownAt = window.__effects?.matches?.shownAt;
        const answer = performance
          .getEntriesByType('resource')
          .filter((e) => e.name.includes('/rpc/find_respondents'))
          .at(-1) as PerformanceResourceTiming | undefined;
        return shownAt != null && answer ? { ms: shownAt - answer.responseEnd } : false;
      },
      undefined,
      { timeout: 30_000 },
    )
    .then(async (handle) => ((await handle.jsonValue()) as { ms: number }).ms)
    .catch(() => null);
  const matches = 'hehe: search (Enter), matches shown after the answer arrived';
  effects.set(matches, [...(effects.get(matches) ?? []), afterAnswer]);
  await page.waitForTimeout(2000);
  const relative = page.locator('canvas[data-chart="relative"]');
  await measure(page, durations, 'hehe: pick a name on the plot', () => tap(page, relative));
  await page.waitForTimeout(500);
}

/**
 * A group's map at its ceiling of members, opened with the owner's link:
 * a member's dot picked on the plot, the name search tapped and typed in,
 * the map read again.
 */
export async function groupMap(
  page: Page,
  url: string,
  ownerKey: string,
  durations: Durations,
  effects: EffectTimes,
): Promise<void> {
  await page.goto(`${url}/group#owner=${ownerKey}`);
  await settled(page);
  await page.getByTestId('group-map').waitFor({ timeout: 30_000 });
  const scatter = page.locator('canvas[data-chart="scatter"]');
  await scatter.scrollIntoViewIfNeeded();
  // Charts draw once near the screen, in an idle moment.
  await page.waitForTimeout(1500);
  await measure(page, durations, 'group: pick a member on the plot', () => tap(page, scatter));
  const search = page.locator('#member-search');
  await search.scrollIntoViewIfNeeded();
  await measure(page, durations, 'group: tap the name search', () => tap(page, search), {
    shows: { selector: '#member-search:focus' },
    into: effects,
  });
  await typeKeys(page, durations, 'group: search keystroke', 'ad');
  const again = page.getByRole('button', { name: 'Read again' });
  await again.scrollIntoViewIfNeeded();
  await measure(page, durations, 'group: read again', () => tap(page, again));
  await page.waitForTimeout(500);
}

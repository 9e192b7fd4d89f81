/**
 * Dead time of the controls painted from the pre-rendered HTML: each is
 * used as soon as it is visible, as an impatient visitor would.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { pageNow, phonePage, whenTrue } from './phone.ts';

export interface Control {
  name: string;
  path: string;
  /** Brings the page to where the control is (a first tap, say); null when the control is there from the start. */
  reach?: (page: Page) => Promise<void>;
  locate: (page: Page) => Locator;
  /** One use: a tap, or typing and Enter (`again`: only Enter, the text is there). */
  use: (control: Locator, page: Page, again: boolean) => Promise<void>;
  /** The page's clock once the use shows, false before. */
  effect: () => number | false;
  /** After the effect and a pause, true if the use took effect once, not twice. */
  once: () => boolean;
}

export interface DeadTime {
  /** From the page's first paint to the first use, made as soon as the control was seen (ms). */
  firstAt: number;
  /** The first use landed before the control's island had hydrated. */
  beforeHydration: boolean;
  /** The first use, made the moment the control was visible, took effect. */
  firstTaken: boolean;
  /** From the first use until its effect showed (ms); null if it never did. */
  effectAfter: number | null;
  /** From the control's paint to the first use that took effect (ms). */
  dead: number;
  lost: number;
  once: boolean;
}

async function tap(control: Locator, page: Page): Promise<void> {
  const box = await control.boundingBox();
  if (!box) throw new Error('the control has no box');
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

// The early copy of the name screen and the island's own, drawn ahead, are both in the page for a moment; one is seen.
const nameField = (page: Page) => page.locator('#quiz-name:visible');

export const CONTROLS: Control[] = [
  {
    name: 'Start Quiz',
    path: '/',
    locate: (page) => page.getByRole('button', { name: 'Start Quiz' }),
    use: tap,
    effect: () =>
      document.querySelector<HTMLElement>('#quiz-name')?.checkVisibility({ visibilityProperty: true }) === true &&
      performance.now(),
    // The screens drawn ahead are laid out but hidden (visibility): only a shown one counts, and a shown question would be a second effect.
    once: () =>
      document.querySelector<HTMLElement>('#quiz-name')?.checkVisibility({ visibilityProperty: true }) === true &&
      document.querySelector<HTMLElement>('#quiz-question')?.checkVisibility({ visibilityProperty: true }) !== true,
  },
  {
    name: 'Menu button',
    path: '/',
    locate: (page) => page.getByRole('button', { name: 'Menu' }),
    use: tap,
    effect: () =>
      document.querySelector('[aria-label="Menu"]')?.getAttribute('aria-expanded') === 'true' && performance.now(),
    once: () => document.querySelector('[aria-label="Menu"]')?.getAttribute('aria-expanded') === 'true',
  },
  {
    name: 'Name form, Enter',
    path: '/',
    reach: async (page) => {
      await tap(page.getByRole('button', { name: 'Start Quiz' }), page);
      await nameField(page).waitFor();
    },
    locate: nameField,
    use: async (control, page, again) => {
      if (!again) await control.fill('Ada');
      await page.keyboard.press('Enter');
    },
    effect: () =>
      document.querySelector<HTMLElement>('#quiz-question')?.checkVisibility({ visibilityProperty: true }) === true &&
      performance.now(),
    once: () => /Question 1 of/.test(document.body.innerText),
  },
  {
    name: 'Password form, Enter',
    path: '/hehe',
    locate: (page) => page.locator('#hehe-password'),
    use: async (control, page, again) => {
      if (!again) await control.fill(PASSWORD.value);
      await page.keyboard.press('Enter');
    },
    // The check has begun (the button waits for the answer), or is done.
    effect: () =>
      (document.querySelector<HTMLButtonElement>('form button[type="submit"]')?.disabled === true ||
        /Welcome to Secret Insights/.test(document.body.textContent ?? '')) &&
      performance.now(),
    once: () => document.querySelector('[role="alert"]') === null,
  },
];

/** The hidden page's password on the server measured; set before the controls are used. */
export const PASSWORD = { value: '' };

/** How long a use may take to show before it counts as lost. */
const LOST_AFTER = 5000;
/** Between two uses of an impatient visitor. */
const AGAIN_AFTER = 100;

async function visible(browser: Browser, url: string, control: Control) {
  const { context, page } = await phonePage(browser);
  await page.goto(url + control.path, { waitUntil: 'commit' });
  await control.reach?.(page);
  const element = control.locate(page);
  await element.waitFor({ state: 'visible' });
  // The control is painted with the page (or, for the name form, when it is shown): as seen from the page.
  const paintedAt = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? performance.now(),
  );
  return { context, page, element, paintedAt: control.reach ? await pageNow(page) : paintedAt };
}

/**
 * Two page loads: one use at paint, to see whether it takes effect; when it
 * does not, uses every 100 ms until one does, to see how long the control
 * was dead and how many uses were lost.
 */
export async function deadTime(browser: Browser, url: string, control: Control): Promise<DeadTime> {
  const single = await visible(browser, url, control);
  const [usedAt, beforeHydration] = await single.page.evaluate(
    () => [performance.now(), document.querySelector('astro-island[ssr]') !== null] as const,
  );
  await control.use(single.element, single.page, false);
  const shown = await whenTrue(single.page, control.effect, LOST_AFTER);
  await single.page.waitForTimeout(2000);
  const once = shown !== null && (await single.page.evaluate(control.once));
  await single.context.close();
  const first = { firstAt: usedAt - single.paintedAt, beforeHydration };
  if (shown !== null) return { ...first, firstTaken: true, effectAfter: shown - usedAt, dead: 0, lost: 0, once };

  const repeated = await visible(browser, url, control);
  let uses = 0;
  for (;;) {
    const at = await pageNow(repeated.page);
    await control.use(repeated.element, repeated.page, uses > 0);
    uses += 1;
    if ((await whenTrue(repeated.page, control.effect, AGAIN_AFTER)) !== null) {
      await repeated.context.close();
      return { ...first, firstTaken: false, effectAfter: null, dead: at - repeated.paintedAt, lost: uses - 1, once };
    }
    if (uses > 200) throw new Error(`${control.name} never took effect`);
  }
}

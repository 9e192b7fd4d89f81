/**
 * "Effect on screen": how long a tap takes until what it asked for is
 * visible. Measured in the page, on the page's clock: from the tap's
 * `pointerdown` (its event.timeStamp; a key's `keydown` where the control
 * is a form sent with Enter) to the first animation frame whose DOM shows
 * the effect, checked in every frame from the input on. That frame is
 * painted right after its callbacks, so the time is the start of the frame
 * that shows it, not the wall clock of the driver.
 */
import type { Page } from 'playwright-core';

/**
 * What a control's effect looks like: `count` (at least, default 1)
 * elements matching `selector` that are visible (not hidden, not
 * invisible, not transparent) and whose text contains `text`.
 */
export interface Effect {
  selector: string;
  text?: string;
  count?: number;
}

interface EffectWatch {
  inputAt: number | null;
  shownAt: number | null;
}

declare global {
  interface Window {
    /** The watches armed, by name: several effects of one input can be timed at once. */
    __effects?: Record<string, EffectWatch>;
  }
}

/** Runs in the page: from the next input on, watches every frame for all the effects. */
function watchInPage({ effects, name }: { effects: readonly Effect[]; name: string }): void {
  const watch: EffectWatch = { inputAt: null, shownAt: null };
  window.__effects = { ...window.__effects, [name]: watch };
  const holds = ({ selector, text, count = 1 }: Effect) =>
    [...document.querySelectorAll(selector)].filter(
      (el) =>
        el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) &&
        (text === undefined || (el.textContent ?? '').includes(text)),
    ).length >= count;
  const shown = () => effects.every(holds);
  const frame = () => {
    if (window.__effects?.[name] !== watch) return;
    if (shown()) watch.shownAt = performance.now();
    else requestAnimationFrame(frame);
  };
  const onInput = (event: Event) => {
    if (watch.inputAt !== null) return;
    watch.inputAt = event.timeStamp;
    removeEventListener('pointerdown', onInput, true);
    removeEventListener('keydown', onInput, true);
    requestAnimationFrame(frame);
  };
  addEventListener('pointerdown', onInput, true);
  addEventListener('keydown', onInput, true);
}

/** Arms the watch `name` for the effect of the next input (all of them, when several); call it before the input. */
export async function armEffect(page: Page, effect: Effect | readonly Effect[], name = 'effect'): Promise<void> {
  const effects: readonly Effect[] = Array.isArray(effect) ? effect : [effect as Effect];
  await page.evaluate(watchInPage, { effects, name });
}

/** Milliseconds from the armed input to the first frame showing its effect; null if it did not show within `within` ms. */
export async function effectTime(page: Page, name = 'effect', within = 10_000): Promise<number | null> {
  try {
    await page.waitForFunction((n) => window.__effects?.[n]?.shownAt != null, name, { timeout: within });
  } catch {
    return null;
  }
  return page.evaluate((n) => {
    const watch = window.__effects![n]!;
    return watch.shownAt! - watch.inputAt!;
  }, name);
}

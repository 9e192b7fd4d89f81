/**
 * What a flow asks of a browser, whichever engine and client runs it: one
 * tab at a phone-sized window, real clicks and key presses, scripts run in
 * the page, and what went wrong there (console errors, policy violations).
 * The flows are written once against this; firefox.ts and webkit.ts carry
 * it out with their own WebDriver client.
 */

/** A phone's screen (an iPhone 12 to 15 in CSS pixels). */
export const PHONE = { width: 390, height: 844 };

/** Patience for what the page does on its own: loading, saving, drawing. */
export const PATIENCE_MS = 20_000;

/** The keys the flows press: Shift+Tab is Tab with Shift held down. */
export type KeyPress =
  'Tab' | 'Shift+Tab' | 'Enter' | 'Space' | 'Escape' | 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown';

/** A script run in the page: a function of serialisable arguments whose result is serialisable. */
export type PageFunction<A extends unknown[], T> = (...args: A) => T | Promise<T>;

export interface Session {
  /** Opens `url` and waits until it has loaded. */
  goto(url: string): Promise<void>;
  /** Starts opening `url` and returns at once, without waiting for anything. */
  startLoading(url: string): Promise<void>;
  back(): Promise<void>;
  forward(): Promise<void>;
  reload(): Promise<void>;
  url(): Promise<string>;
  evaluate<A extends unknown[], T>(fn: PageFunction<A, T>, ...args: A): Promise<T>;
  /** A real pointer click in the middle of the element pickElement() picks, scrolled into view. */
  click(selector: string, text?: string | null): Promise<void>;
  /** A click into the field pickElement() picks, then real key presses of `typed` and of Enter. */
  typeAndEnter(selector: string, typed: string): Promise<void>;
  /** A real key press, down and up, sent to whatever has the focus, as a keyboard sends it. */
  press(key: KeyPress): Promise<void>;
  /** Console errors, uncaught errors and Content-Security-Policy violations seen so far. */
  problems(): Promise<string[]>;
  /** The folder the browser saves downloads into. */
  readonly downloads: string;
  close(): Promise<void>;
}

/**
 * In the page: the first element of `selector` with a box on screen whose
 * text, or label, is exactly `text` (any text for null), or with `tell`
 * whether there is one. The clients run it themselves to act on the
 * element, so the page's markup is never touched.
 */
export function pickElement(selector: string, text: string | null, tell = false): Element | boolean | null {
  const found = [...document.querySelectorAll(selector)].find((el) => {
    const said = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
    const box = el.getBoundingClientRect();
    return (text === null || said === text) && box.width > 0 && box.height > 0;
  });
  return tell ? found !== undefined : (found ?? null);
}

/** Where the page was when a wait gave up: a rare failure can then be told from the log alone. */
async function whereThePageIs(session: Session): Promise<string> {
  try {
    const where = await session.evaluate(() => ({
      address: location.href,
      entries: history.length,
      entry: history.state as unknown,
      screen: document.querySelector('[data-screen]')?.getAttribute('data-screen') ?? null,
      heading: document.querySelector('h1')?.textContent ?? null,
      visibility: document.visibilityState,
    }));
    return `the page: ${JSON.stringify(where)}`;
  } catch (error) {
    return `the page could not be read: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** Waits until `fn` answers something truthy in the page, retrying while a navigation replaces the page. */
export function waitUntil<A extends unknown[], T>(
  session: Session,
  what: string,
  fn: PageFunction<A, T>,
  ...args: A
): Promise<NonNullable<T>> {
  return waitUntilWithin(PATIENCE_MS, session, what, fn, ...args);
}

/** waitUntil with a patience of its own, for what takes longer than a page's step (a precache filling). */
export async function waitUntilWithin<A extends unknown[], T>(
  patienceMs: number,
  session: Session,
  what: string,
  fn: PageFunction<A, T>,
  ...args: A
): Promise<NonNullable<T>> {
  const deadline = Date.now() + patienceMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await session.evaluate(fn, ...args);
      if (value) return value as NonNullable<T>;
      last = value;
    } catch (error) {
      // A page being replaced cannot answer; the next one will.
      last = error;
    }
    if (Date.now() > deadline) {
      const detail = last instanceof Error ? last.message : JSON.stringify(last);
      throw new Error(
        `Timed out after ${patienceMs} ms waiting for ${what} (last answer: ${detail}; ${await whereThePageIs(session)})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The watch every page gets as early as the engine allows, over policy
 * violations, uncaught errors and console errors. With `toConsole` the
 * violations and errors are told to the console, for a client that hears
 * it; without, everything is kept in a list of the document that
 * takePageHooks() empties. Installed twice is installed once.
 */
export function installPageHooks(toConsole: boolean): void {
  const w = window as unknown as { __crossEngineProblems?: string[] };
  if (w.__crossEngineProblems) return;
  const problems: string[] = [];
  w.__crossEngineProblems = problems;
  const tell = (said: string) => (toConsole ? console.error(said) : problems.push(said));
  document.addEventListener('securitypolicyviolation', (e) => {
    tell(`CSP: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`);
  });
  // Errors thrown and errors reported (React reports those it recovers from with reportError()).
  window.addEventListener('error', (e) => tell(`uncaught: ${e.message}`));
  window.addEventListener('unhandledrejection', (e) => tell(`unhandled rejection: ${String(e.reason)}`));
  if (toConsole) return;
  const original = console.error.bind(console);
  console.error = (...parts: unknown[]) => {
    problems.push(`console.error: ${parts.map(String).join(' ')}`);
    original(...parts);
  };
}

/** Takes what installPageHooks(false) has gathered in the document on screen since last taken; null if it was not installed there. */
export function takePageHooks(): string[] | null {
  return (window as unknown as { __crossEngineProblems?: string[] }).__crossEngineProblems?.splice(0) ?? null;
}

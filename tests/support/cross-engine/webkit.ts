/**
 * WebKitGTK from Debian, the engine of every iPhone browser: its
 * WebKitWebDriver (package webkit2gtk-driver) drives the MiniBrowser in a
 * virtual X display (Xvfb), and selenium-webdriver speaks classic WebDriver
 * to it. Nothing is downloaded.
 *
 * Classic WebDriver cannot run a script before the page's own, so the
 * engine is pointed at a front server (hooked-front.ts) that puts the watch
 * over errors and policy violations first in every page's head. A document
 * the early watch did not reach is reported as a problem; the test's own
 * scripts install the watch there too, late, to see what they can.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Builder, Capabilities, Key, type WebDriver, type WebElement } from 'selenium-webdriver';
import type { WebKitBinaries } from '../../../scripts/engine-binaries.ts';
import { startXvfb } from '../../../scripts/xvfb.ts';
import { EARLY_FLAG } from './hooked-front.ts';
import {
  installPageHooks,
  PHONE,
  pickElement,
  takePageHooks,
  type KeyPress,
  type PageFunction,
  type Session,
} from './session.ts';
import { freePort } from '../free-port.ts';

/** The keys WebDriver's actions hold down for each press, in order; they are let go in the reverse order. */
const HELD: Readonly<Record<KeyPress, readonly string[]>> = {
  Tab: [Key.TAB],
  'Shift+Tab': [Key.SHIFT, Key.TAB],
  Enter: [Key.ENTER],
  Space: [Key.SPACE],
  Escape: [Key.ESCAPE],
  ArrowLeft: [Key.ARROW_LEFT],
  ArrowRight: [Key.ARROW_RIGHT],
  ArrowUp: [Key.ARROW_UP],
  ArrowDown: [Key.ARROW_DOWN],
};

async function waitForDriver(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/status`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('WebKitWebDriver did not answer within 15 s');
}

export async function startWebKit(bin: WebKitBinaries): Promise<Session> {
  const home = mkdtempSync(join(tmpdir(), 'mc-webkit-home-'));
  const downloads = join(home, 'Downloads');
  mkdirSync(join(home, '.config'), { recursive: true });
  mkdirSync(downloads);
  // Where GLib, and so WebKitGTK, saves downloads.
  writeFileSync(join(home, '.config', 'user-dirs.dirs'), `XDG_DOWNLOAD_DIR="${downloads}"\n`);

  const children: ChildProcess[] = [];
  const stopAll = () => children.reverse().forEach((c) => c.exitCode === null && c.kill('SIGTERM'));
  try {
    const x = await startXvfb(bin.xvfb);
    children.push(x.child);
    const port = await freePort();
    const driverProcess = spawn(bin.driver, [`--port=${port}`], {
      stdio: 'ignore',
      env: { ...process.env, DISPLAY: x.display, HOME: home, XDG_CONFIG_HOME: join(home, '.config') },
    });
    children.push(driverProcess);
    const url = `http://127.0.0.1:${port}`;
    await waitForDriver(url, driverProcess);
    const driver = await new Builder()
      .disableEnvironmentOverrides()
      .usingServer(url)
      .withCapabilities(
        new Capabilities({
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': { binary: bin.miniBrowser, args: ['--automation'] },
        }),
      )
      .build();
    await driver.manage().window().setRect(PHONE);
    return webkitSession(driver, downloads, stopAll);
  } catch (error) {
    stopAll();
    throw error;
  }
}

function webkitSession(driver: WebDriver, downloads: string, stopAll: () => void): Session {
  const problems: string[] = [];

  async function run<A extends unknown[], T>(fn: PageFunction<A, T>, args: A): Promise<T> {
    // Every script first makes sure the document is watched, and hands over what was seen.
    const script = `(${installPageHooks.toString()})(false); return (${fn.toString()}).apply(null, arguments);`;
    return (await driver.executeScript(script, ...args)) as T;
  }

  async function picked(selector: string, text: string | null): Promise<WebElement> {
    const element = (await driver.executeScript(
      `return (${pickElement.toString()}).apply(null, arguments)`,
      selector,
      text,
    )) as WebElement | null;
    if (!element) throw new Error(`No ${selector} "${text ?? ''}" on screen to click`);
    // In the middle of the screen, as a visitor scrolls to what they tap, clear of bars at the edges.
    await driver.executeScript('arguments[0].scrollIntoView({ block: "center" })', element);
    return element;
  }

  /** What the document on screen saw since it was last asked. */
  async function harvest(): Promise<void> {
    try {
      const seen = (await driver.executeScript(
        `return { early: window.${EARLY_FLAG} === true, href: location.href, problems: (${takePageHooks.toString()})() }`,
      )) as { early: boolean; href: string; problems: string[] | null };
      if (!seen.early && seen.href !== 'about:blank')
        problems.push(`hooks: installed only after ${seen.href} had loaded`);
      problems.push(...(seen.problems ?? []));
    } catch {
      // A document being replaced has nothing more to tell.
    }
  }

  async function navigating(step: () => Promise<void>): Promise<void> {
    await harvest();
    await step();
    await run(() => true, []);
  }

  return {
    downloads,
    goto: (url) => navigating(() => driver.get(url)),
    async startLoading(url) {
      await harvest();
      await driver.executeScript('location.assign(arguments[0])', url);
    },
    back: () => navigating(() => driver.navigate().back()),
    forward: () => navigating(() => driver.navigate().forward()),
    reload: () => navigating(() => driver.navigate().refresh()),
    url: () => driver.getCurrentUrl(),
    evaluate: (fn, ...args) => run(fn, args),
    async click(selector, text = null) {
      await (await picked(selector, text)).click();
    },
    async typeAndEnter(selector, typed) {
      const field = await picked(selector, null);
      await field.click();
      await field.sendKeys(typed, Key.ENTER);
    },
    async press(key) {
      const keys = HELD[key];
      const actions = driver.actions();
      for (const held of keys) actions.keyDown(held);
      for (const held of [...keys].reverse()) actions.keyUp(held);
      await actions.perform();
    },
    async problems() {
      await harvest();
      return [...problems];
    },
    async close() {
      try {
        await driver.quit();
      } finally {
        stopAll();
      }
    },
  };
}

/**
 * `npm run bench:interaction`: what a visitor's taps feel like on a phone.
 * Builds the site, serves it with server/main.ts on a throw-away PGlite
 * folder seeded with synthetic respondents, and drives Debian's Chromium
 * through Playwright at 390×844 with the CPU slowed 4× and slow 4G (the
 * DevTools protocol, as Lighthouse's mobile preset). Prints
 *   - per control painted from the HTML, used the moment it is visible: does
 *     the first tap take effect, how long until it shows, the dead time from
 *     paint to the first tap that took effect, and the taps lost;
 *   - per action of a whole quiz, /insights and /hehe, the duration of each
 *     interaction from input to next paint (Event Timing API), median and worst,
 *     and the medians of its parts (to the handlers, in them, then to the
 *     screen) over those of 16 ms or more, and the same for two pages of
 *     four buttons tapped in the same run (tests/support/interaction/references.ts), one
 *     without framework and one drawn by React: the machine's floors, since
 *     4x slower is relative to the machine; and, for every control whose
 *     effect can be seen, the effect on screen: from its pointerdown (or
 *     keydown) to the first frame showing what it asked for
 *     (tests/support/interaction/effect.ts), median and worst.
 *   --dir <path>         measure an existing build instead of building
 *   --runs <n>           runs of everything (default 3)
 *   --respondents <n>    synthetic respondents in the database (default 5000)
 *   --headless           Chromium headless even where Xvfb could give it a window
 * Chromium runs with a window on a virtual display (Xvfb) when there is
 * one: headless, it holds back the paint after a keystroke in /hehe's
 * search by up to a second and a half, which a browser with a window does
 * not (docs/performance.md, "Interaction").
 */
import { chromium, type Browser } from 'playwright-core';
import { median, runBench } from './bench-server.ts';
import { CHROMIUM_FLAGS, findChromium } from './chromium.ts';
import { onPath } from './debian-packages.mjs';
import { startXvfb } from './xvfb.ts';
import { CONTROLS, PASSWORD, deadTime, type DeadTime } from '../tests/support/interaction/dead-time.ts';
import {
  groupMap,
  hehe,
  insights,
  type Durations,
  type EffectTimes,
  type Interaction,
} from '../tests/support/interaction/flows.ts';
import { quiz } from '../tests/support/interaction/quiz-flow.ts';
import { plainPage, reactPage, reactReferenceScript } from '../tests/support/interaction/references.ts';
import { phonePage } from '../tests/support/interaction/phone.ts';

const ms = (n: number | null) => (n === null ? '–' : `${Math.round(n)} ms`);
/** What a quiz tap may take at most, input to next paint, at 4x CPU. */
const QUICK_TAP_MS = 50;
/** Event Timing reports nothing under 16 ms. */
const duration = (n: number) => (n < 16 ? '< 16 ms' : `${Math.round(n)} ms`);

function deadTimeTable(results: Map<string, DeadTime[]>): string {
  const rows = CONTROLS.map(({ name, path }) => {
    const runs = results.get(name) ?? [];
    const taken = runs.filter((r) => r.firstTaken).length;
    const shows = runs.flatMap((r) => (r.effectAfter === null ? [] : [r.effectAfter]));
    const early = runs.filter((r) => r.beforeHydration).length;
    return `| ${name} (\`${path}\`) | ${ms(median(runs.map((r) => r.firstAt)))} | ${early}/${runs.length} | ${taken}/${runs.length} | ${ms(shows.length ? median(shows) : null)} | ${ms(median(runs.map((r) => r.dead)))} | ${median(runs.map((r) => r.lost))} | ${runs.filter((r) => r.once).length}/${runs.length} |`;
  });
  return [
    '| control | first tap, after paint | landed before hydration | first tap took effect | its effect showed after | dead time | taps lost | took effect once |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
}

/** Median and worst of an effect's times; a time that never showed is the worst. */
function effectCell(times: readonly (number | null)[] | undefined): string {
  if (!times?.length) return '–';
  const shown = times.filter((t): t is number => t !== null);
  const worst = shown.length < times.length ? 'never' : ms(Math.max(...shown));
  return shown.length ? `${ms(median(shown))} (${worst})` : 'never';
}

function durationTable(durations: Durations, effects: EffectTimes): string {
  const kinds = [...new Set([...durations.keys(), ...effects.keys()])];
  const rows = kinds.map((kind) => {
    const interactions = durations.get(kind);
    // An effect timed apart from any interaction of its own (the welcome after an unlock).
    if (!interactions) return `| ${kind} | – | – | – | – | – | – | – | – | ${effectCell(effects.get(kind))} |`;
    const values = interactions.map((i) => i.duration);
    const over = values.filter((v) => v >= 16).length;
    const slow = values.filter((v) => v > QUICK_TAP_MS).length;
    const timed = interactions.filter((i) => i.duration >= 16);
    const part = (of: (i: Interaction) => number) => (timed.length ? ms(median(timed.map(of))) : '–');
    return `| ${kind} | ${values.length} | ${over} | ${slow} | ${duration(median(values))} | ${duration(Math.max(...values))} | ${part((i) => i.toHandlers)} | ${part((i) => i.inHandlers)} | ${part((i) => i.toScreen)} | ${effectCell(effects.get(kind))} |`;
  });
  return [
    `| action | interactions | of them ≥ 16 ms | of them over ${QUICK_TAP_MS} ms | median | worst | to the handlers | in them | then to the screen | effect on screen, median (worst) |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
}

await runBench({ options: { headless: { type: 'boolean' } } }, async ({ values, runCount, respondents, start }) => {
  const served = await start();
  const reactScript = await reactReferenceScript();
  PASSWORD.value = served.password;
  const xvfb = values.headless ? undefined : onPath('Xvfb');
  const display = xvfb ? await startXvfb(xvfb) : undefined;
  const browser: Browser = await chromium.launch({
    executablePath: findChromium(),
    headless: !display,
    args: CHROMIUM_FLAGS,
    env: display ? { ...process.env, DISPLAY: display.display } : process.env,
  });
  const browserKind = display ? `Chromium with a window on Xvfb ${display.display}` : 'Chromium headless';
  try {
    const dead = new Map<string, DeadTime[]>();
    const durations: Durations = new Map();
    const effects: EffectTimes = new Map();
    for (let round = 1; round <= runCount; round++) {
      for (const control of CONTROLS) {
        console.log(`run ${round}/${runCount}: ${control.name} ...`);
        dead.set(control.name, [...(dead.get(control.name) ?? []), await deadTime(browser, served.url, control)]);
      }
      for (const [what, flow] of [
        ['a whole quiz', (p: Parameters<typeof quiz>[0]) => quiz(p, served.url, durations, effects)],
        ['/insights', (p: Parameters<typeof quiz>[0]) => insights(p, served.url, durations)],
        ['/hehe', (p: Parameters<typeof quiz>[0]) => hehe(p, served.url, served.password, durations, effects)],
        ...(served.groupOwnerKey
          ? ([
              [
                "a group's map",
                (p: Parameters<typeof quiz>[0]) => groupMap(p, served.url, served.groupOwnerKey!, durations, effects),
              ],
            ] as const)
          : []),
        [
          'a plain page, for reference',
          (p: Parameters<typeof quiz>[0]) => plainPage(p, served.url, durations, effects),
        ],
        [
          'the same page in React, for reference',
          (p: Parameters<typeof quiz>[0]) => reactPage(p, served.url, reactScript, durations, effects),
        ],
      ] as const) {
        console.log(`run ${round}/${runCount}: ${what} ...`);
        const { context, page } = await phonePage(browser);
        await flow(page);
        await context.close();
      }
    }
    const setting = `${browserKind}, 390×844, CPU 4× slower, slow 4G, ${respondents.toLocaleString('en')} respondents, ${runCount} run(s)`;
    console.log(`\nControls painted from the HTML, used the moment they are visible (${setting}; medians):\n`);
    console.log(deadTimeTable(dead));
    console.log(
      `\nInteractions, input to next paint (Event Timing), and the effect on screen (input to the first frame showing it; ${setting}, all runs together):\n`,
    );
    console.log(durationTable(durations, effects));
  } finally {
    await browser.close();
    display?.child.kill();
  }
});

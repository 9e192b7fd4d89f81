/**
 * The machine's floors, measured as the quiz is: a page of four buttons
 * tapped as answers, drawn anew under a new heading that takes the focus,
 * once by hand without a framework and once by React 19. Figures at 4x CPU
 * depend on the machine; the first row says what any page pays on it, the
 * second what any page whose taps go through React pays.
 */
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { QUESTIONS } from '../../../src/core/questions.ts';
import { measure, tap, type Durations, type EffectTimes } from './flows.ts';

const STYLE =
  '<style>body{font:16px/1.5 sans-serif;margin:1rem}button{display:block;width:100%;margin:.5rem 0;padding:1rem;font:inherit}</style>';
const HEAD = `<!doctype html><html lang="en"><meta name="viewport" content="width=device-width, initial-scale=1"><title>A page for reference</title>${STYLE}`;

const PLAIN_PAGE = `${HEAD}
<main><h1 tabindex="-1">Question 1</h1><div id="answers"></div></main>
<script>
let n = 1;
function draw() {
  document.getElementById('answers').replaceChildren(...[1, 2, 3, 4].map((i) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Answer ' + i + ' to question ' + n;
    button.addEventListener('click', next);
    return button;
  }));
}
function next() {
  n += 1;
  const heading = document.querySelector('h1');
  heading.textContent = 'Question ' + n;
  draw();
  heading.focus();
}
draw();
</script>`;

const REACT_PAGE = `${HEAD}
<main></main>
<script type="module" src="react-page-for-reference.js"></script>`;

/** react-reference.tsx bundled for production by Vite, as the site's islands are: one module with React in it. */
export async function reactReferenceScript(): Promise<string> {
  const built = await build({
    configFile: false,
    logLevel: 'silent',
    publicDir: false,
    build: {
      write: false,
      rolldownOptions: { input: fileURLToPath(new URL('./react-reference.tsx', import.meta.url)) },
    },
  });
  const chunks = (Array.isArray(built) ? built : [built])
    .flatMap((b) => ('output' in b ? b.output : []))
    .filter((o) => o.type === 'chunk');
  if (chunks.length !== 1 || !chunks[0])
    throw new Error(`the React page for reference built into ${chunks.length} chunks, not one`);
  return chunks[0].code;
}

/** Opens `html` at an address of the site served, so that it runs on the same origin and server. */
async function open(page: Page, url: string, html: string, script?: string): Promise<void> {
  const address = `${url}/page-for-reference/`;
  await page.route(address, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  if (script !== undefined) {
    await page.route(`${address}react-page-for-reference.js`, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: script }),
    );
  }
  await page.goto(address);
  await page.locator('main button').first().waitFor();
  await page.waitForTimeout(1500);
}

/** The React page for reference opened in `page`, ready for its taps (tests/e2e/tap-effects.test.ts times a few). */
export function openReactPage(page: Page, url: string, script: string): Promise<void> {
  return open(page, url, REACT_PAGE, script);
}

/**
 * As many answers as a quiz has, tapped in turn, after one tap not counted:
 * the quiz's answers come after Start Quiz, the name and Continue, which ran
 * the page's event code before them (a first tap through a cold React is
 * slower than any after it).
 */
async function answerAll(page: Page, durations: Durations, effects: EffectTimes, kind: string): Promise<void> {
  await tap(page, page.getByRole('button').first());
  for (let i = 0; i < QUESTIONS.length; i++) {
    await page.waitForTimeout(350);
    // The uncounted tap showed question 2; this one shows the question after i + 2.
    const shows = { selector: 'h1', text: `Question ${i + 3}` };
    await measure(page, durations, kind, () => tap(page, page.getByRole('button').nth(i % 4)), {
      shows,
      into: effects,
    });
  }
}

export async function plainPage(page: Page, url: string, durations: Durations, effects: EffectTimes): Promise<void> {
  await open(page, url, PLAIN_PAGE);
  await answerAll(page, durations, effects, 'reference: a plain page, tap an answer');
}

export async function reactPage(
  page: Page,
  url: string,
  script: string,
  durations: Durations,
  effects: EffectTimes,
): Promise<void> {
  await openReactPage(page, url, script);
  await answerAll(page, durations, effects, 'reference: the same page in React, tap an answer');
}

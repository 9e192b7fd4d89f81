/**
 * The flows of the cross-engine suite, one per behaviour, in the order they
 * run in each engine. Each opens the address it starts from, except "Save
 * image" and the keyboard's walk over the results and its removal, which go
 * on from the results the flows before left on screen, and the offline
 * one, last, which stops the server for its while.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { TEST_MODE_NAME } from '../../../src/core/progress.ts';
import { E2E_PASSWORD } from '../chromium/app.ts';
import { responseCount } from '../chromium/quiz-driver.ts';
import { PATH_A, PATH_B, cellPathFor, expectedPercentages } from '../visitor.ts';
import { OFFLINE_REPORTS, offlineAfterOneVisit } from './offline-flow.ts';
import { heheByKeyboard, menuByKeyboard, removalByKeyboard, resultsByTab } from './keyboard-flows.ts';
import { PATIENCE_MS, pickElement, waitUntil } from './session.ts';
import type { Flow, NamedFlow } from './suite.ts';
import {
  NAME_FIELD,
  clickText,
  fieldValue,
  leaveSite,
  resultsComplete,
  sideShares,
  waitForDrawing,
  waitForIslands,
  waitForElement,
} from './visitor.ts';

const CODE_A = PATH_A.join('');
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const IMAGE_NAME = 'map-your-contradictions.png';
const PASSWORD_FIELD = 'input[placeholder="Enter secret password"]';
const SEARCH_FIELD = 'input[placeholder="Search by name..."]';

const wholeQuiz: Flow = async ({ session, visitor, app }) => {
  const before = await responseCount(app);
  await visitor.openQuiz(`${app.url}/`);
  // The site's narrowest layout is the one shown.
  expect(await session.evaluate(() => matchMedia('(max-width: 30rem)').matches)).toBe(true);
  await visitor.startWithName('Ada');
  await visitor.answer(PATH_A);
  await visitor.onResults();
  await expect.poll(() => responseCount(app), { timeout: PATIENCE_MS }).toBe(before + 1);
};

const results: Flow = async ({ session, visitor, app }) => {
  await visitor.onResults();
  expect(await visitor.shownPercentages()).toEqual(expectedPercentages(PATH_A));
  await waitForDrawing(session, 'result');
  await resultsComplete(session);
  expect(await fieldValue(session, 'Link to this result')).toBe(`${app.url}${cellPathFor(PATH_A)}?r=${CODE_A}`);
};

const saveImage: Flow = async ({ session }) => {
  await waitUntil(session, 'Save image to be enabled', () =>
    [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Save image' && !b.disabled),
  );
  await session.click('button', 'Save image');
  const file = join(session.downloads, IMAGE_NAME);
  await expect.poll(() => existsSync(file) && readFileSync(file).length > 0, { timeout: PATIENCE_MS }).toBe(true);
  const bytes = readFileSync(file);
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  // IHDR holds the image's size: as wide as the chart's canvas, taller by the title above and the figures below.
  const canvas = await session.evaluate(() => {
    const c = document.querySelector<HTMLCanvasElement>('canvas[data-chart="result"]')!;
    return { width: c.width, height: c.height };
  });
  expect(bytes.readUInt32BE(16)).toBe(canvas.width);
  expect(bytes.readUInt32BE(20)).toBeGreaterThan(canvas.height * 1.2);
  expect(bytes.length).toBeGreaterThan(4000);
};

const history: Flow = async ({ session, visitor, app }) => {
  await visitor.openQuiz(`${app.url}/`);
  await visitor.startWithName(TEST_MODE_NAME);
  await visitor.answer(PATH_A.slice(0, 4));
  await visitor.onQuestion(4);
  await visitor.back();
  await visitor.onQuestion(3);
  await visitor.back();
  await visitor.onQuestion(2);
  await visitor.forward();
  await visitor.onQuestion(3);
  await visitor.reload();
  await visitor.onQuestion(3);
  // Question 4 answered differently after the reload: the results count that answer.
  const path = [...PATH_A];
  path[3] = PATH_B[3]!;
  await visitor.answer(path, 3);
  await visitor.onResults();
  expect(await visitor.shownPercentages()).toEqual(expectedPercentages(path));
  await resultsComplete(session);
};

const friendLink: Flow = async ({ session, visitor, app }) => {
  await session.goto(`${app.url}/?r=${CODE_A}&n=Ada`);
  await waitForElement(session, 'h1', 'Ada’s map');
  expect(await visitor.shownPercentages()).toEqual(expectedPercentages(PATH_A));
  await clickText(session, 'button', 'Take the quiz and compare');
  await visitor.giveName(TEST_MODE_NAME);
  await visitor.answer(PATH_B);
  await visitor.onResults();
  await waitForElement(session, 'table th[scope="col"]', 'Ada');
  expect(
    await session.evaluate(() => [...document.querySelectorAll('table th[scope="col"]')].map((th) => th.textContent)),
  ).toEqual(['Value', 'You', 'Ada']);
  expect(await sideShares(session, 'own')).toEqual(expectedPercentages(PATH_B));
  expect(await sideShares(session, 'friend')).toEqual(expectedPercentages(PATH_A));
  await resultsComplete(session);
};

const earlyTap: Flow = async ({ session, app }) => {
  await leaveSite(session, app.url);
  await session.startLoading(`${app.url}/`);
  // No pause between looks: the tap follows the first paint of the button as closely as the client allows.
  const deadline = Date.now() + PATIENCE_MS;
  let painted = false;
  while (!painted && Date.now() < deadline) {
    painted = (await session.evaluate(pickElement, 'button', 'Start Quiz', true).catch(() => false)) === true;
  }
  expect(painted, 'Start Quiz painted').toBe(true);
  const hydrated = await session.evaluate(() => document.querySelectorAll('astro-island[ssr]').length === 0);
  await session.click('button', 'Start Quiz');
  try {
    await waitForElement(session, NAME_FIELD);
  } catch (error) {
    throw new Error(`The tap, made ${hydrated ? 'after' : 'before'} the islands hydrated, was lost: ${String(error)}`);
  }
};

const insights: Flow = async ({ session, app }) => {
  await session.goto(`${app.url}/insights`);
  await waitUntil(session, 'the count of respondents', () =>
    /Based on \d+ respondents\./.test(document.body.innerText),
  );
  for (const chart of ['pie', 'scatter', 'relative', 'heatmap']) await waitForDrawing(session, chart);
};

const hehe: Flow = async ({ session, app }) => {
  await session.goto(`${app.url}/hehe`);
  await waitForIslands(session);
  await waitForElement(session, PASSWORD_FIELD);
  await session.typeAndEnter(PASSWORD_FIELD, E2E_PASSWORD);
  await waitForElement(session, 'h1, h2', 'Welcome to Secret Insights');
  await waitForDrawing(session, 'scatter');
  await waitForDrawing(session, 'relative');
  await waitForElement(session, SEARCH_FIELD);
  await session.typeAndEnter(SEARCH_FIELD, 'mARIGOLD');
  await waitUntil(
    session,
    'the name found',
    () =>
      [...document.querySelectorAll('[data-match-name]')].map((li) => li.textContent).join('|') ===
      'Marigold Vantablack',
  );
};

const GROUP = 'Cross-engine club';

/** Starts a group, joins it with the result this browser keeps, and opens the group's map, as a member does. */
const groupJoinAndMap: Flow = async ({ session, app }) => {
  await session.goto(`${app.url}/group`);
  await waitForIslands(session);
  // The page is its island's alone: the field comes with it.
  await waitForElement(session, '#group-name');
  await session.typeAndEnter('#group-name', GROUP);
  await waitForElement(session, 'h2', 'Join link');
  const joinLink = await session.evaluate(
    () => document.querySelector<HTMLInputElement>('input[aria-label="Join link"]')?.value ?? '',
  );
  expect(joinLink).toMatch(/\/group\?join=[A-Za-z0-9_-]{22}$/);

  await session.goto(joinLink);
  await waitForElement(session, 'h1', `You\u2019re mapping with ${GROUP}`);
  await clickText(session, 'button', 'Add this result');
  await waitForElement(session, 'p', `You joined ${GROUP}.`);
  await clickText(session, 'a', 'See the group\u2019s map');
  await waitForElement(session, 'h1', GROUP);
  await waitUntil(session, 'the member row of this browser', () =>
    [...document.querySelectorAll('[data-testid="group-members"] tbody th')].some((th) =>
      th.textContent?.endsWith('(you)'),
    ),
  );
};

export const FLOWS: readonly NamedFlow[] = [
  ['the whole quiz, with Enter typed on the name, is saved', wholeQuiz],
  ['the results show four percentages and draw both charts', results],
  ['"Save image" saves a PNG of the result chart', saveImage],
  ['Tab and Shift+Tab over the results keep every focused control clear of the top bar', resultsByTab],
  [
    'Enter on "Remove my answers" focuses the confirmation, and Cancel by keyboard gives the focus back',
    removalByKeyboard,
  ],
  ['Back and Forward step between questions, and a reload mid-quiz resumes', history],
  ["a friend's share link leads to the comparison", friendLink],
  ['the first tap, made as soon as Start Quiz is painted, opens the name screen', earlyTap],
  ['/insights draws its four charts', insights],
  ['/hehe unlocks with the password and finds a name', hehe],
  ['Tab reaches the /hehe plot, and the arrow keys name a respondent in its live region', heheByKeyboard],
  ['Enter or Space opens the folded menu, and Escape closes it with the focus back on "Menu"', menuByKeyboard],
  ['a group is started, joined with the kept result, and its map shows this browser as a member', groupJoinAndMap],
  [
    'offline after one visit, an essay opens and the quiz runs to its drawn results, its save kept',
    offlineAfterOneVisit,
    OFFLINE_REPORTS,
  ],
];

/**
 * The cross-engine suite's visitor (tests/support/visitor.ts) over any
 * engine's WebDriver session, and what the flows read besides: the charts'
 * drawings, the comparison's table, a field's value.
 */
import { QUESTIONS } from '../../../src/core/questions.ts';
import { VALUES, type Value } from '../../../src/core/values.ts';
import { NAME_PLACEHOLDER, answerText, pageReady, percentageOf, visitorOf, type Visitor } from '../visitor.ts';
import { pickElement, waitUntil, type Session } from './session.ts';

export const NAME_FIELD = `input[placeholder="${NAME_PLACEHOLDER}"]`;

/** Waits until pickElement() finds the element of `selector` reading `text` (any, for null) on screen. */
export async function waitForElement(session: Session, selector: string, text: string | null = null): Promise<void> {
  await waitUntil(session, text === null ? selector : `${selector} "${text}"`, pickElement, selector, text, true);
}

export async function clickText(session: Session, selector: string, text: string): Promise<void> {
  await waitForElement(session, selector, text);
  await session.click(selector, text);
}

/** The page is ready for taps (pageReady, as every browser suite waits for it). */
export async function waitForIslands(session: Session): Promise<void> {
  await waitUntil(session, 'the islands to hydrate', pageReady);
}

/** The results as a visitor ends up seeing them, everything asked of the server arrived: the comparison drawn, how others answered. */
export async function resultsComplete(session: Session): Promise<void> {
  await waitForDrawing(session, 'compare');
  await waitForElement(session, 'h2', 'How others answered');
}

/** One side of the side-by-side table of a comparison, by value. */
export function sideShares(session: Session, side: 'own' | 'friend'): Promise<Record<string, string>> {
  return session.evaluate(
    (values: readonly string[], which: string) =>
      Object.fromEntries(
        values.map((v) => [
          v,
          document.querySelector<HTMLElement>(`tr[data-value="${v}"] td[data-side="${which}"]`)?.innerText.trim() ?? '',
        ]),
      ),
    VALUES,
    side,
  );
}

/** The value of the field whose label reads `label`. */
export function fieldValue(session: Session, label: string): Promise<string | null> {
  return session.evaluate((wanted: string) => {
    const tag = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === wanted);
    const field = tag?.htmlFor ? document.getElementById(tag.htmlFor) : null;
    return field instanceof HTMLInputElement ? field.value : null;
  }, label);
}

/**
 * Scrolls the chart into view, as a visitor would to see it, and waits until
 * its canvas holds a real drawing: painted pixels in more than a few colours.
 */
export async function waitForDrawing(session: Session, chart: string): Promise<{ painted: number; colours: number }> {
  return waitUntil(
    session,
    `the ${chart} chart to be drawn`,
    (name: string) => {
      const canvas = document.querySelector<HTMLCanvasElement>(`canvas[data-chart="${name}"]`);
      if (!canvas || canvas.width === 0 || canvas.height === 0) return null;
      canvas.scrollIntoView({ block: 'center' });
      if (!canvas.hasAttribute('data-complete')) return null;
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      const colours = new Set<number>();
      let painted = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3] === 0) continue;
        painted += 1;
        colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
      }
      return painted > 200 && colours.size > 8 ? { painted, colours: colours.size } : null;
    },
    chart,
  );
}

/** Leaves the site with no quiz under way in the tab's session, so that the next address opens as a new visitor finds it. */
export async function leaveSite(session: Session, origin: string): Promise<void> {
  if ((await session.url()).startsWith(origin)) await session.evaluate(() => sessionStorage.clear());
  await session.goto('about:blank');
}

/**
 * The visitor in the session's one tab. Opening the quiz first leaves the
 * site, since the tab carries on from the flow before; the name is given
 * with Enter, as a phone's keyboard sends it.
 */
export function sessionVisitor(session: Session): Visitor {
  const onQuestion = (index: number) =>
    waitUntil(
      session,
      `question ${index + 1}`,
      (text: string, progress: string) =>
        document.querySelector('#quiz-question')?.textContent === text && document.body.innerText.includes(progress),
      QUESTIONS[index]!.text,
      `Question ${index + 1} of ${QUESTIONS.length}`,
    ).then(() => undefined);
  return visitorOf({
    async openQuiz(url) {
      await leaveSite(session, new URL(url).origin);
      await session.goto(url);
      await waitForIslands(session);
    },
    async start() {
      await clickText(session, 'button', 'Start Quiz');
      await waitForElement(session, NAME_FIELD);
    },
    async giveName(name) {
      await waitForElement(session, NAME_FIELD);
      await session.typeAndEnter(NAME_FIELD, name);
      await onQuestion(0);
    },
    onQuestion,
    choose: (question, answer) => clickText(session, 'section ul button', answerText(question, answer)),
    back: () => session.back(),
    forward: () => session.forward(),
    reload: () => session.reload(),
    onResults: () => waitForElement(session, 'h1, h2', 'Your Results'),
    async shownPercentages() {
      // Read as any wait is: again if the page could not answer, until all four lines are there.
      const lines = await waitUntil(
        session,
        'the four percentages',
        (values: readonly string[]) => {
          const shown = values.map(
            (v) => document.querySelector<HTMLElement>(`li[data-value="${v}"]`)?.innerText ?? '',
          );
          return shown.every((line) => line !== '') ? shown : null;
        },
        VALUES,
      );
      return Object.fromEntries(VALUES.map((v, i) => [v, percentageOf(lines[i]!)])) as Record<Value, string>;
    },
  });
}

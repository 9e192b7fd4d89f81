/**
 * What a visitor does and sees, by the visible texts, over any engine's
 * session: the counterpart of tests/support/chromium/quiz-driver.ts, whose
 * answer paths and expected figures it reuses.
 */
import { QUESTIONS } from '../../../src/core/questions.ts';
import { VALUES, type Value } from '../../../src/core/values.ts';
import { answerText } from '../chromium/quiz-driver.ts';
import { pickElement, waitUntil, type Session } from './session.ts';

export const NAME_FIELD = `input[placeholder="What's your name?"]`;

/** Waits until pickElement() finds the element of `selector` reading `text` (any, for null) on screen. */
export async function waitForElement(session: Session, selector: string, text: string | null = null): Promise<void> {
  await waitUntil(
    session,
    text === null ? selector : `${selector} "${text}"`,
    pickElement,
    selector,
    text,
    true,
  );
}

export async function clickText(session: Session, selector: string, text: string): Promise<void> {
  await waitForElement(session, selector, text);
  await session.click(selector, text);
}

/** Every island has hydrated: Astro drops `ssr` from each once its component runs. */
export async function waitForIslands(session: Session): Promise<void> {
  await waitUntil(session, 'the islands to hydrate', () =>
    document.readyState === 'complete' && document.querySelectorAll('astro-island[ssr]').length === 0,
  );
}

export async function onQuestion(session: Session, index: number): Promise<void> {
  await waitUntil(
    session,
    `question ${index + 1}`,
    (text: string, progress: string) =>
      document.querySelector('#quiz-question')?.textContent === text && document.body.innerText.includes(progress),
    QUESTIONS[index]!.text,
    `Question ${index + 1} of ${QUESTIONS.length}`,
  );
}

/** Answers from question `from` on along `path`, each once it is on screen. */
export async function answer(session: Session, path: readonly number[], from = 0): Promise<void> {
  for (let q = from; q < path.length; q++) {
    await onQuestion(session, q);
    await clickText(session, 'section ul button', answerText(q, path[q]!));
  }
}

export async function onResults(session: Session): Promise<void> {
  await waitForElement(session, 'h1, h2', 'Your Results');
}

/** The results as a visitor ends up seeing them, everything asked of the server arrived: the comparison drawn, how others answered. */
export async function resultsComplete(session: Session): Promise<void> {
  await waitForDrawing(session, 'compare');
  await waitForElement(session, 'h2', 'How others answered');
}

/** The four percentages shown, by value, e.g. { love: '31.6%', ... }. */
export function shownPercentages(session: Session): Promise<Record<Value, string>> {
  return session.evaluate((values: readonly string[]) => {
    const out: Record<string, string> = {};
    for (const v of values) {
      const text = document.querySelector<HTMLElement>(`li[data-value="${v}"]`)?.innerText ?? '';
      out[v] = /(\d+\.\d%)\s*$/.exec(text)?.[1] ?? `unreadable: ${text}`;
    }
    return out as Record<Value, string>;
  }, VALUES);
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

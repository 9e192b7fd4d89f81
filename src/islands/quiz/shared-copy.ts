/**
 * A shared result painted from its page's HTML, before any island runs: the
 * cell page (/r/<cell>) carries a copy of the results screen's top
 * (components/SharedResultCopy.astro), and this fills it in from the link's
 * query as the page is parsed, in an inline script (speed/inline-script.ts
 * builds it). The quiz hydrates after the paint, opens the same link, and
 * draws its own results screen in the copy's place (islands/Quiz.tsx).
 * Only a link the quiz would show as one result gets a copy: a broken or
 * altered link, and a comparison of two, are left to the quiz.
 */
import { problemOf, readShareLink } from '../../lib/share-link.ts';
import { formatPercent, resultPosition, resultShares } from '../../core/scoring.ts';
import { totalsOf } from '../../core/totals.ts';
import { VALUES } from '../../core/values.ts';
import {
  chartDescription,
  chartLabel,
  percentageStyle,
  possessive,
  resultLabels,
  resultsTitle,
  sharedNote,
} from './result-labels.ts';
import { SHARED_COPY_ATTRIBUTE } from './shared-copy-attribute.ts';

/** The side of the map's square in the copy's SVG, whose user units run from 0 to this across -1..1. */
export const COPY_MAP_SIZE = 100;

/** Where a coordinate of the map (-1..1) falls in the copy's SVG, y pointing down. */
export function copyMapPoint(position: { x: number; y: number }): { x: number; y: number } {
  return { x: ((position.x + 1) / 2) * COPY_MAP_SIZE, y: ((1 - position.y) / 2) * COPY_MAP_SIZE };
}

/** The copy's section, wherever the quiz's rendering has put it. */
const COPY = '.shared-copy';

/**
 * Once the quiz draws its own results screen in the copy's place, in one
 * render: the page shows the quiz again, and a tap the copy's buttons took
 * (they are HTML alone) goes to the same button of the results screen.
 */
function handOver(): void {
  let twin: string | null = null;
  addEventListener('click', (event) => {
    const tapped = event.target instanceof Element && event.target.closest(`${COPY} [data-twin]`);
    if (tapped) twin = tapped.getAttribute('data-twin');
  });
  const observer = new MutationObserver(() => {
    if (document.querySelector(COPY)) return;
    observer.disconnect();
    document.documentElement.removeAttribute(SHARED_COPY_ATTRIBUTE);
    if (twin) document.querySelector<HTMLElement>(`main [data-twin="${twin}"]`)?.click();
  });
  observer.observe(document.body, { childList: true, subtree: true });
}

function setText(copy: Element, part: string, text: string): void {
  const el = copy.querySelector(`[data-copy="${part}"]`);
  if (el) el.textContent = text;
}

/**
 * Fills the copy in from the address and shows it; returns whether it did.
 * The answers never leave the page: they are read from the query here.
 */
export function paintSharedCopy(copy: Element, address: { search: string; pathname: string }): boolean {
  const link = readShareLink(address.search);
  if (!link || link.friend || problemOf(address.search, address.pathname) !== null) return false;
  const { sharer } = link;
  const labels = resultLabels('shared', sharer.name, null);
  const totals = totalsOf(sharer.answers);
  const shares = resultShares(totals);
  const position = resultPosition(totals);
  const own = { label: labels.own, position };

  setText(copy, 'title', resultsTitle('shared', sharer.name, labels));
  setText(copy, 'note', sharedNote(sharer.name));
  setText(copy, 'caption', chartDescription(own, null));
  copy
    .querySelector('[data-copy="map"]')
    ?.setAttribute('aria-label', chartLabel(own, null, { trail: false, figures: false }));
  const dot = copyMapPoint(position);
  const mark = copy.querySelector('[data-copy="dot"]');
  mark?.setAttribute('cx', String(dot.x));
  mark?.setAttribute('cy', String(dot.y));
  copy.querySelector('ul')?.setAttribute('aria-label', `${possessive(labels.own)} values`);
  for (const v of VALUES) {
    const item = copy.querySelector<HTMLElement>(`li[data-value="${v}"]`);
    for (const [property, value] of Object.entries(percentageStyle(v, shares[v])))
      item?.style.setProperty(property, value);
    const figure = item?.lastElementChild;
    if (figure) figure.textContent = formatPercent(shares[v]);
  }
  document.documentElement.setAttribute(SHARED_COPY_ATTRIBUTE, '');
  handOver();
  return true;
}

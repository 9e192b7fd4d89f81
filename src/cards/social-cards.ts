/**
 * Which social cards there are, where each is published and what it says in
 * words (its alt text): one for the site, one per value essay, one for
 * /figures, and one per cell of the map for shared results. A shared
 * result's card knows its cell only, never a name or the answers.
 */
import { cellCentre, cellSlug, leaningOf, type MapCell } from '../core/map.ts';
import type { Position } from '../core/scoring.ts';
import { SITE_NAME } from '../core/site.ts';
import { VALUES, type Value } from '../core/values.ts';
import { FIGURES_IN_WORDS } from '../figures/schema.ts';
import type { CardDrawing } from './card-svg.ts';

/** What a page's head needs to name its card. */
export interface CardImage {
  /** Site-relative address of the PNG. */
  readonly path: string;
  readonly alt: string;
}

export interface SocialCard extends CardImage {
  /** The card's file name without extension, unique. */
  readonly id: string;
  readonly drawing: CardDrawing;
}

function card(id: string, alt: string, drawing: CardDrawing): SocialCard {
  return { id, path: `/cards/${id}.png`, alt, drawing };
}

const MAP_IN_WORDS = 'a map with Love at the top, Duty at the bottom, Honor on the left and Reason on the right';

export function siteCard(): SocialCard {
  return card('site', `${SITE_NAME}: ${MAP_IN_WORDS}.`, {
    heading: SITE_NAME,
    text: 'Twelve questions between Love, Duty, Honor and Reason. Where do you stand?',
  });
}

function isValue(id: string): id is Value {
  return (VALUES as readonly string[]).includes(id);
}

/** The card of a value's essay, `/values/<id>`. */
export function essayCard(essay: {
  readonly id: string;
  readonly title: string;
  readonly description: string;
}): SocialCard {
  const value = isValue(essay.id) ? essay.id : undefined;
  return card(`values-${essay.id}`, `${essay.title}, an essay: ${essay.description} Beside it, ${MAP_IN_WORDS}.`, {
    heading: essay.title,
    headingValue: value,
    accent: value,
    text: essay.description,
  });
}

/** The card of /figures, with each figure as a faint mark where it stands. */
export function figuresCard(positions: readonly Position[]): SocialCard {
  return card(
    'figures',
    `Figures from literature: ${MAP_IN_WORDS}, and ${positions.length} figures as small marks on it.`,
    {
      heading: 'Figures from literature',
      text: `${FIGURES_IN_WORDS}, placed between the four values.`,
      marks: positions,
    },
  );
}

/** The card of a shared result in `cell`: its dot drawn at the cell's centre, the leaning in words. */
export function cellCard(cell: MapCell): SocialCard {
  const dot = cellCentre(cell);
  const leaning = leaningOf(dot);
  return card(`map-${cellSlug(cell)}`, `A shared result: ${MAP_IN_WORDS}, and one dot that leans ${leaning}.`, {
    heading: 'A shared map',
    text: `This map leans ${leaning}. Where do you stand? Take the quiz and compare.`,
    cell: { cell, dot },
  });
}

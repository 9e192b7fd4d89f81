/**
 * Every social card as a PNG of 1200 by 630, drawn at build time from our
 * own SVG (cards/card-svg.ts) and rasterized with sharp. A palette PNG at
 * the highest compression keeps each one far under the 100 KB chat apps
 * and feeds accept.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import sharp from 'sharp';
import { cardSvg } from '../../cards/card-svg.ts';
import { cellCard, essayCard, figuresCard, siteCard, type SocialCard } from '../../cards/social-cards.ts';
import { MAP_CELLS } from '../../core/map.ts';
import { positionOf } from '../../core/scoring.ts';
import { getValueEssays } from '../../essays/essays.ts';
import { getFigures } from '../../figures/collection.ts';

export const getStaticPaths = (async () => {
  const essays = await getValueEssays();
  const figures = await getFigures();
  const cards: SocialCard[] = [
    siteCard(),
    figuresCard(figures.map((f) => positionOf(f.data.shares))),
    ...essays.map((e) => essayCard({ id: e.id, title: e.data.title, description: e.data.description })),
    ...MAP_CELLS.map(cellCard),
  ];
  return cards.map((card) => ({ params: { card: card.id }, props: { card } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ card: SocialCard }> = async ({ props }) => {
  const png = await sharp(Buffer.from(cardSvg(props.card.drawing)))
    .png({ palette: true, compressionLevel: 9, effort: 10 })
    .toBuffer();
  return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png' } });
};

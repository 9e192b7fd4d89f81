import { getCollection, type CollectionEntry } from 'astro:content';
import { positionOf } from '../core/scoring.ts';
import { leanOf, type Lean } from '../core/points.ts';

export type Figure = CollectionEntry<'figures'>;

/** The quadrants of the results chart as /figures groups them, in reading order. */
export const FIGURE_GROUPS = [
  { lean: 'loveHonor', title: 'Love and Honor', where: 'Top left: Love over Duty, Honor over Reason.' },
  { lean: 'loveReason', title: 'Love and Reason', where: 'Top right: Love over Duty, Reason over Honor.' },
  { lean: 'dutyHonor', title: 'Duty and Honor', where: 'Bottom left: Duty over Love, Honor over Reason.' },
  { lean: 'dutyReason', title: 'Duty and Reason', where: 'Bottom right: Duty over Love, Reason over Honor.' },
] as const satisfies readonly { lean: Lean; title: string; where: string }[];

export function figureLean(figure: Figure): Lean {
  return leanOf(positionOf(figure.data.shares));
}

/** Every figure, quadrant by quadrant in the order of FIGURE_GROUPS, then by name. */
export async function getFigures(): Promise<Figure[]> {
  const order: readonly Lean[] = FIGURE_GROUPS.map((g) => g.lean);
  const figures = await getCollection('figures');
  return figures.sort(
    (a, b) =>
      order.indexOf(figureLean(a)) - order.indexOf(figureLean(b)) || a.data.name.localeCompare(b.data.name, 'en'),
  );
}

/**
 * The results map in words and in cells. The map runs from -1 to 1 each way
 * (x = Reason - Honor, y = Love - Duty); a shared result's page stands for
 * the cell its dot falls in, so the preview can draw that dot without the
 * link's answers ever reaching a server.
 */
import type { Position } from './scoring.ts';

/** Cells per axis: 8 cells of width 0.25, so a cell's center is within 0.125 of any dot in it. */
export const CELLS_PER_AXIS = 8;
const CELL_WIDTH = 2 / CELLS_PER_AXIS;

/** One cell: `col` from Honor (0) to Reason (7), `row` from Duty (0) to Love (7). */
export interface MapCell {
  readonly col: number;
  readonly row: number;
}

function indexOf(n: number): number {
  // The far edge (exactly 1) belongs to the last cell.
  return Math.min(CELLS_PER_AXIS - 1, Math.max(0, Math.floor((n + 1) / CELL_WIDTH)));
}

export function cellOf(position: Position): MapCell {
  return { col: indexOf(position.x), row: indexOf(position.y) };
}

export function cellCentre({ col, row }: MapCell): Position {
  return { x: -1 + (col + 0.5) * CELL_WIDTH, y: -1 + (row + 0.5) * CELL_WIDTH };
}

/** A cell's name in addresses, e.g. "5-2" (column, then row). */
export function cellSlug({ col, row }: MapCell): string {
  return `${col}-${row}`;
}

/** Where the pages of shared results live, one per cell; search engines leave them out. */
export const CELL_PAGES = '/r/';

/** The path of a cell's page, e.g. "/r/5-2". */
export function cellPath(cell: MapCell): string {
  return `${CELL_PAGES}${cellSlug(cell)}`;
}

/** The cell a name stands for, or null when it names none. */
export function cellFromSlug(slug: string): MapCell | null {
  const match = /^([0-9])-([0-9])$/.exec(slug);
  if (!match) return null;
  const col = Number(match[1]);
  const row = Number(match[2]);
  return col < CELLS_PER_AXIS && row < CELLS_PER_AXIS ? { col, row } : null;
}

/** Every cell of the map, row by row. */
export const MAP_CELLS: readonly MapCell[] = Array.from({ length: CELLS_PER_AXIS ** 2 }, (_, i) => ({
  col: i % CELLS_PER_AXIS,
  row: Math.floor(i / CELLS_PER_AXIS),
}));

/**
 * Which way a place leans, in words that follow "leans" or "leaned":
 * "toward Duty and Honor", "toward Love and balanced between Reason and Honor".
 */
export function leaningOf({ x, y }: Position): string {
  const vertical = y > 0 ? 'Love' : y < 0 ? 'Duty' : null;
  const horizontal = x > 0 ? 'Reason' : x < 0 ? 'Honor' : null;
  if (vertical && horizontal) return `toward ${vertical} and ${horizontal}`;
  if (vertical) return `toward ${vertical} and balanced between Reason and Honor`;
  if (horizontal) return `toward ${horizontal} and balanced between Love and Duty`;
  return 'balanced between Love and Duty and between Reason and Honor';
}

/** A pair of values whose difference is smaller than this (on -1..1) reads as close to the center. */
export const NEAR_CENTER = 0.1;

/**
 * Where a place stands on each of the two axes, both sides named: "Love over
 * Duty, Reason over Honor", "Love and Duty close to the center, Honor over
 * Reason".
 */
export function axesOf({ x, y }: Position): string {
  const pair = (d: number, plus: string, minus: string) => {
    if (Math.abs(d) < NEAR_CENTER) return `${plus} and ${minus} close to the center`;
    return d > 0 ? `${plus} over ${minus}` : `${minus} over ${plus}`;
  };
  return `${pair(y, 'Love', 'Duty')}, ${pair(x, 'Reason', 'Honor')}`;
}

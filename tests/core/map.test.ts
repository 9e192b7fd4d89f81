import { describe, expect, it } from 'vitest';
import { cellCentre, cellFromSlug, cellOf, cellPath, cellSlug, leaningOf, MAP_CELLS } from '../../src/core/map.ts';

describe('the cells of the map', () => {
  it('are 8 by 8, each named once, and read back from their names', () => {
    expect(MAP_CELLS).toHaveLength(64);
    expect(new Set(MAP_CELLS.map(cellSlug)).size).toBe(64);
    for (const cell of MAP_CELLS) expect(cellFromSlug(cellSlug(cell))).toEqual(cell);
    expect(cellPath({ col: 5, row: 2 })).toBe('/r/5-2');
  });

  it('hold every place of the map, edges included, within 0.125 of their centre', () => {
    expect(cellOf({ x: -1, y: -1 })).toEqual({ col: 0, row: 0 });
    expect(cellOf({ x: 1, y: 1 })).toEqual({ col: 7, row: 7 });
    expect(cellOf({ x: 0, y: 0 })).toEqual({ col: 4, row: 4 });
    expect(cellOf({ x: -0.0001, y: 0.2499 })).toEqual({ col: 3, row: 4 });
    expect(cellCentre({ col: 0, row: 7 })).toEqual({ x: -0.875, y: 0.875 });
    for (let x = -1; x <= 1; x += 0.01) {
      for (const y of [-1, -0.33, 0.5, 1]) {
        const centre = cellCentre(cellOf({ x, y }));
        expect(Math.abs(centre.x - x)).toBeLessThanOrEqual(0.125 + 1e-12);
        expect(Math.abs(centre.y - y)).toBeLessThanOrEqual(0.125 + 1e-12);
      }
    }
  });

  it('refuse names that are no cell', () => {
    for (const slug of ['', '8-0', '0-8', '1', '1-2-3', '-1-0', 'a-b', '01-2', '1-2 '])
      expect(cellFromSlug(slug), slug).toBeNull();
  });
});

describe('the leaning of a place in words', () => {
  it('names the value each way, or the balance on an axis', () => {
    expect(leaningOf({ x: -0.2, y: -0.4 })).toBe('toward Duty and Honor');
    expect(leaningOf({ x: 0.3, y: 0.1 })).toBe('toward Love and Reason');
    expect(leaningOf({ x: 0, y: 0.1 })).toBe('toward Love and balanced between Reason and Honor');
    expect(leaningOf({ x: -0.5, y: 0 })).toBe('toward Honor and balanced between Love and Duty');
    expect(leaningOf({ x: 0, y: 0 })).toBe('balanced between Love and Duty and between Reason and Honor');
  });
});

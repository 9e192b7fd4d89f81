import { describe, expect, it } from 'vitest';
import {
  describePosition,
  figureHref,
  nearestFigures,
  shareDistance,
  type FigurePoint,
} from '../../src/core/nearest-figures.ts';

const at = (love: number, duty: number, honor: number, reason: number) => ({ love, duty, honor, reason });
const figure = (slug: string, shares: ReturnType<typeof at>): FigurePoint => ({ slug, shares });

describe('distance between two readings', () => {
  it('is the straight line over all four shares', () => {
    expect(shareDistance(at(0, 0, 0, 0), at(1, 0, 0, 0))).toBe(1);
    expect(shareDistance(at(0, 0, 0, 0), at(0.5, 0.5, 0.5, 0.5))).toBe(1);
    expect(shareDistance(at(0.2, 0.4, 0.1, 0.9), at(0.5, 0, 0.1, 0.9))).toBeCloseTo(0.5, 12);
    expect(shareDistance(at(0.3, 0.3, 0.3, 0.3), at(0.3, 0.3, 0.3, 0.3))).toBe(0);
  });

  it('is the same both ways', () => {
    const a = at(0.66, 0.19, 0.45, 0.2);
    const b = at(0.22, 0.34, 0.42, 0.75);
    expect(shareDistance(a, b)).toBe(shareDistance(b, a));
  });
});

describe('the nearest figures', () => {
  const figures = [
    figure('lover', at(0.8, 0.1, 0.3, 0.2)),
    figure('soldier', at(0.3, 0.8, 0.7, 0.2)),
    figure('thinker', at(0.2, 0.3, 0.2, 0.9)),
    figure('knight', at(0.3, 0.5, 0.8, 0.2)),
  ];

  it('names the nearest and then the next two, with their distances', () => {
    const reading = at(0.3, 0.6, 0.7, 0.3);
    const found = nearestFigures(reading, figures);
    // By hand: knight (0, 0.1, 0.1, 0.1) away, soldier (0, 0.2, 0, 0.1), lover (0.5, 0.5, 0.4, 0.1), thinker (0.1, 0.3, 0.5, 0.6).
    expect(found.map((m) => m.figure.slug)).toEqual(['knight', 'soldier', 'lover']);
    expect(found[0]!.distance).toBeCloseTo(Math.sqrt(0.03), 12);
    expect(found[1]!.distance).toBeCloseTo(Math.sqrt(0.05), 12);
    expect(found[2]!.distance).toBeCloseTo(Math.sqrt(0.67), 12);
  });

  it('returns the figure itself first for a reading exactly on it', () => {
    for (const f of figures) {
      const [first] = nearestFigures(f.shares, figures, 1);
      expect(first).toEqual({ figure: f, distance: 0 });
    }
  });

  it('breaks ties by slug, whatever order the figures come in', () => {
    // Both are 0.1 away from the reading, on opposite sides.
    const twins = [
      figure('b-twin', at(0.6, 0.5, 0.5, 0.5)),
      figure('a-twin', at(0.4, 0.5, 0.5, 0.5)),
      figure('far', at(0.9, 0.9, 0.9, 0.9)),
    ];
    const reading = at(0.5, 0.5, 0.5, 0.5);
    const forward = nearestFigures(reading, twins).map((m) => m.figure.slug);
    const backward = nearestFigures(reading, [...twins].reverse()).map((m) => m.figure.slug);
    expect(forward).toEqual(['a-twin', 'b-twin', 'far']);
    expect(backward).toEqual(forward);
  });

  it('gives as many as asked, never more than there are, and none for a count of 0', () => {
    const reading = at(0.5, 0.5, 0.5, 0.5);
    expect(nearestFigures(reading, figures, 1)).toHaveLength(1);
    expect(nearestFigures(reading, figures, 10)).toHaveLength(figures.length);
    expect(nearestFigures(reading, figures, 0)).toEqual([]);
    expect(nearestFigures(reading, [], 3)).toEqual([]);
  });
});

describe('links and words', () => {
  it('links a figure to its entry on /figures', () => {
    expect(figureHref('hamlet')).toBe('/figures#hamlet');
  });

  it('says which way a place leans and by how much', () => {
    expect(describePosition({ x: -0.25, y: 0.47 })).toBe(
      'Love over Duty by 47.0 percentage points, Honor over Reason by 25.0 percentage points',
    );
    expect(describePosition({ x: 0.4, y: -0.1 })).toBe(
      'Duty over Love by 10.0 percentage points, Reason over Honor by 40.0 percentage points',
    );
    expect(describePosition({ x: 0, y: 0 })).toBe('Love and Duty even, Honor and Reason even');
  });
});

import { describe, expect, it } from 'vitest';
import { stackedWith, stepDot } from '../../src/core/dot-steps.ts';

// A plus of dots around the centre, a far one on the right, and a twin of the right one.
const DOTS = [
  { x: 0.1, y: 0.05 }, // 0: nearest the centre
  { x: 0.5, y: 0.05 }, // 1: right
  { x: -0.4, y: 0 }, // 2: left
  { x: 0.1, y: 0.6 }, // 3: up
  { x: 0.1, y: -0.7 }, // 4: down
  { x: 0.9, y: -0.8 }, // 5: far right, low
  { x: 0.5, y: 0.05 }, // 6: on the very place of 1
];

describe('stepping from dot to dot', () => {
  it('starts at the dot nearest the centre', () => {
    expect(stepDot(DOTS, null, 'right')).toBe(0);
  });

  it('moves to the nearest dot ahead, keeping to its line', () => {
    expect(stepDot(DOTS, 0, 'right')).toBe(1);
    expect(stepDot(DOTS, 0, 'left')).toBe(2);
    expect(stepDot(DOTS, 0, 'up')).toBe(3);
    expect(stepDot(DOTS, 0, 'down')).toBe(4);
  });

  it('passes over dots on the same place, and stops where nothing lies ahead', () => {
    expect(stepDot(DOTS, 1, 'right')).toBe(5);
    expect(stepDot(DOTS, 5, 'right')).toBeNull();
    expect(stepDot([], null, 'up')).toBeNull();
  });

  it('names every dot on one place, the picked one first', () => {
    const same = (a: { x: number; y: number }, b: { x: number; y: number }) => a.x === b.x && a.y === b.y;
    expect(stackedWith(DOTS, 6, same)).toEqual([6, 1]);
    expect(stackedWith(DOTS, 2, same)).toEqual([2]);
  });
});

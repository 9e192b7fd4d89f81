import { describe, expect, it } from 'vitest';
import {
  addResult,
  describePastResult,
  movementOf,
  movementSentence,
  relativeDay,
  whenTaken,
  TRAIL_MAX,
  type PastResult,
} from '../../src/core/trail-math.ts';

const at = (iso: string) => new Date(iso);
const result = (id: string, iso: string, x = 0.1, y = 0.1): PastResult => ({ id, date: at(iso), position: { x, y } });

describe('the trail of earlier results', () => {
  it(`keeps each result once, oldest first, and only the newest ${TRAIL_MAX}`, () => {
    let trail: PastResult[] = [];
    for (let day = 30; day >= 1; day--)
      trail = addResult(trail, result(`r${day}`, `2026-10-${String(day).padStart(2, '0')}T12:00:00Z`));
    expect(trail).toHaveLength(TRAIL_MAX);
    expect(trail[0]?.id).toBe('r11');
    expect(trail.at(-1)?.id).toBe('r30');
    expect(addResult(trail, result('r30', '2026-11-01T12:00:00Z'))).toEqual(trail);
  });
});

describe('how the visitor moved', () => {
  it('names the values the dot moved toward, and no move under the threshold', () => {
    expect(movementOf({ x: 0, y: 0 }, { x: 0.3, y: 0.02 })).toBe('toward Reason');
    expect(movementOf({ x: 0, y: 0 }, { x: -0.3, y: 0.2 })).toBe('toward Love and Honor');
    expect(movementOf({ x: 0.5, y: 0.5 }, { x: 0.2, y: -0.1 })).toBe('toward Duty and Honor');
    expect(movementOf({ x: 0.1, y: 0.1 }, { x: 0.14, y: 0.06 })).toBeNull();
  });

  it('says it in one sentence from the date of the last result', () => {
    const today = at('2026-11-23T18:00:00');
    expect(movementSentence(result('a', '2026-10-12T09:00:00', -0.2, 0), { x: 0.1, y: 0 }, today)).toBe(
      'Since 12 October you moved toward Reason.',
    );
    expect(movementSentence(result('a', '2025-12-30T09:00:00', 0, 0), { x: 0, y: -0.3 }, today)).toBe(
      'Since 30 December 2025 you moved toward Duty.',
    );
    expect(movementSentence(result('a', '2026-11-20T09:00:00', 0.2, 0.2), { x: 0.21, y: 0.2 }, today)).toBe(
      'Since 20 November you stayed about where you were.',
    );
  });

  it('names no date for a result of the same day or the day before', () => {
    const today = at('2026-11-23T18:00:00');
    expect(movementSentence(result('a', '2026-11-23T09:00:00', 0.2, 0.2), { x: 0.21, y: 0.2 }, today)).toBe(
      'Since earlier today you stayed about where you were.',
    );
    expect(movementSentence(result('a', '2026-11-22T23:00:00', 0.2, 0.2), { x: 0.5, y: 0.2 }, today)).toBe(
      'Since yesterday you moved toward Reason.',
    );
  });
});

describe('earlier results in words', () => {
  const now = at('2026-11-23T10:00:00');
  it('say how long ago, by calendar day', () => {
    expect(relativeDay(at('2026-11-23T08:00:00'), now)).toBe('today');
    expect(relativeDay(at('2026-11-22T23:30:00'), now)).toBe('yesterday');
    expect(relativeDay(at('2026-11-18T12:00:00'), now)).toBe('5 days ago');
    expect(relativeDay(at('2026-11-02T12:00:00'), now)).toBe('3 weeks ago');
    expect(relativeDay(at('2026-08-20T12:00:00'), now)).toBe('3 months ago');
    expect(relativeDay(at('2025-10-20T12:00:00'), now)).toBe('last year');
  });

  it('give the text alternative of a trail dot', () => {
    expect(describePastResult(result('a', '2026-11-02T12:00:00', -0.3, -0.2), now)).toBe(
      '3 weeks ago: leaned toward Duty and Honor',
    );
    expect(describePastResult(result('a', '2026-11-23T09:00:00', 0.3, 0.2), now)).toBe(
      'Today at 09:00: leaned toward Love and Reason',
    );
  });

  it('tell two results of the same day apart by their time', () => {
    expect(whenTaken(at('2026-11-23T08:05:00'), now)).toBe('today at 08:05');
    expect(whenTaken(at('2026-11-23T09:40:00'), now)).toBe('today at 09:40');
    expect(whenTaken(at('2026-11-22T09:40:00'), now)).toBe('yesterday');
  });
});

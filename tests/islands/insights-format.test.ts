import { describe, expect, it } from 'vitest';
import { coverage, formatCount, plural } from '../../src/islands/insights/format.ts';
import type { ValueTuple } from '../../src/core/points.ts';

const point: ValueTuple = [1, 2, 3, 4];

describe('insights wording', () => {
  it('says a scatterplot shows a sample, and of how many, once there are too many to send', () => {
    expect(coverage({ kind: 'sample', total: 1_234_567, raw: Array.from({ length: 5000 }, () => point) })).toBe(
      'a sample of 5,000 of 1,234,567 respondents',
    );
  });

  it('says it shows everyone while it does', () => {
    expect(coverage({ kind: 'all', total: 3, raw: [point, point, point] })).toBe('all 3 respondents');
    expect(coverage({ kind: 'all', total: 1, raw: [point] })).toBe('all 1 respondent');
  });

  it('groups thousands', () => {
    expect(formatCount(1000000)).toBe('1,000,000');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(12345)).toBe('12,345');
    expect(formatCount(0)).toBe('0');
    expect(plural(2500, 'answer', 'answers')).toBe('2,500 answers');
  });
});

import { describe, expect, it } from 'vitest';
import { QUESTIONS } from '../../src/core/questions.ts';
import { decodeShareCode, encodeShareCode, shareUrl } from '../../src/lib/share-link.ts';

const LAST = QUESTIONS.map((q) => q.answers.length - 1);

describe('share link codes', () => {
  it('round-trips every answer set, first and last answers alike', () => {
    for (const indices of [QUESTIONS.map(() => 0), LAST, [0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1]]) {
      const code = indices.join('');
      const answers = decodeShareCode(code);
      expect(answers?.map((a) => a.answerText)).toEqual(indices.map((a, q) => QUESTIONS[q]!.answers[a]!.text));
      expect(encodeShareCode(answers!)).toBe(code);
    }
  });

  it('rejects anything but one valid digit per question', () => {
    const valid = LAST.join('');
    const bad = [
      '',
      valid.slice(1),
      `${valid}0`,
      valid.replace(/^./, 'a'),
      // Question 11 has four answers: digit 4 does not exist there.
      `${valid.slice(0, 10)}4${valid.slice(11)}`,
      ' '.repeat(12),
      '-1'.padEnd(12, '0'),
      '１２３４５６７８９０１２',
    ];
    for (const code of bad) expect(decodeShareCode(code), code).toBeNull();
  });

  it('refuses to encode an incomplete or reordered answer set', () => {
    const answers = decodeShareCode(LAST.join(''))!;
    expect(() => encodeShareCode(answers.slice(1))).toThrow(/12 answers/);
    expect(() => encodeShareCode([...answers].reverse())).toThrow(/does not belong/);
  });

  it('builds an address on "/" with the code in ?r=', () => {
    const answers = decodeShareCode('000000000000')!;
    expect(shareUrl('https://example.org', answers)).toBe('https://example.org/?r=000000000000');
  });
});

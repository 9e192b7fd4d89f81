import { describe, expect, it } from 'vitest';
import { QUESTIONS } from '../../src/core/questions.ts';
import {
  SHARE_NAME_MAX_LENGTH,
  decodeShareCode,
  encodeShareCode,
  readShareLink,
  shareNameProblem,
  shareUrl,
  hasShareParams,
  cellOfAnswers,
} from '../../src/lib/share-link.ts';
import { cellCentre } from '../../src/core/map.ts';
import { resultPosition } from '../../src/core/scoring.ts';
import { totalsOf } from '../../src/core/totals.ts';

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

  it("builds an address on the page of the result's cell, with the code in ?r=", () => {
    // All first answers: Love 11/19 - Duty 12/17 = -0.127 (row 3 of 0..7 from Duty up),
    // Reason 2/15 - Honor 4/14 = -0.152 (column 3 from Honor right).
    expect(shareUrl('https://example.org', decodeShareCode('000000000000')!)).toBe(
      'https://example.org/r/3-3?r=000000000000',
    );
    // Love 3.5/19 - Duty 8/17 = -0.286 (row 2); Reason 9/15 - Honor 4.5/14 = 0.279 (column 5).
    expect(shareUrl('https://example.org', decodeShareCode('012340123401')!)).toBe(
      'https://example.org/r/5-2?r=012340123401',
    );
  });

  it("puts every answer set's dot within 0.125 of its cell's centre on each axis", () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 2000; i++) {
      const code = QUESTIONS.map((q) => random(q.answers.length)).join('');
      const answers = decodeShareCode(code)!;
      const position = resultPosition(totalsOf(answers));
      const centre = cellCentre(cellOfAnswers(answers));
      expect(Math.abs(position.x - centre.x), code).toBeLessThanOrEqual(0.125);
      expect(Math.abs(position.y - centre.y), code).toBeLessThanOrEqual(0.125);
    }
  });
});

describe('share links with names and comparisons', () => {
  const ORIGIN = 'https://example.org';
  const mine = decodeShareCode('012340123401')!;
  const theirs = decodeShareCode(LAST.join(''))!;
  const texts = (r: { answers: readonly { answerText: string }[] } | null | undefined) =>
    r?.answers.map((a) => a.answerText);
  const read = (href: string) => readShareLink(new URL(href).search);
  /** An address made by hand, the way someone editing a link would. */
  const tampered = (query: string) => readShareLink(query);

  it('round-trip a result with a first name, whatever characters it holds', () => {
    for (const name of [
      'Rhea',
      'Zoë Ångström',
      'Ana María',
      'José & Co = 100% #1 + ?',
      'Łucja-Ōno',
      '李白',
      'Rhea 👩‍💻',
      'x'.repeat(SHARE_NAME_MAX_LENGTH),
      '🙂'.repeat(SHARE_NAME_MAX_LENGTH),
    ]) {
      const link = read(shareUrl(ORIGIN, mine, { name }));
      expect(link?.sharer.name, name).toBe(name);
      expect(texts(link?.sharer)).toEqual(mine.map((a) => a.answerText));
      expect(link?.friend).toBeNull();
    }
  });

  it('round-trip a comparison: the sharer and the friend, each with or without a name', () => {
    const both = read(shareUrl(ORIGIN, mine, { name: 'Sam', friend: { answers: theirs, name: 'Rhea' } }));
    expect(both?.sharer.name).toBe('Sam');
    expect(texts(both?.sharer)).toEqual(mine.map((a) => a.answerText));
    expect(both?.friend?.name).toBe('Rhea');
    expect(texts(both?.friend)).toEqual(theirs.map((a) => a.answerText));
    expect(both?.friend?.answers.map((a) => a.scores)).toEqual(theirs.map((a) => a.scores));

    const unnamed = read(shareUrl(ORIGIN, mine, { friend: { answers: theirs } }));
    expect(unnamed?.sharer.name).toBeNull();
    expect(unnamed?.friend?.name).toBeNull();
    expect(texts(unnamed?.friend)).toEqual(theirs.map((a) => a.answerText));
  });

  it('leave an empty or blank name out of the link, and trim the rest', () => {
    expect(shareUrl(ORIGIN, mine, { name: '' })).toBe(`${ORIGIN}/r/5-2?r=012340123401`);
    expect(shareUrl(ORIGIN, mine, { name: '   ' })).toBe(`${ORIGIN}/r/5-2?r=012340123401`);
    expect(shareUrl(ORIGIN, mine, { name: null })).toBe(`${ORIGIN}/r/5-2?r=012340123401`);
    expect(shareUrl(ORIGIN, mine, { name: '  Rhea ' })).toBe(`${ORIGIN}/r/5-2?r=012340123401&n=Rhea`);
    expect(shareUrl(ORIGIN, mine, { name: 'Rhea', friend: { answers: theirs, name: 'Sam' } })).toBe(
      `${ORIGIN}/r/5-2?r=012340123401&n=Rhea&f=${LAST.join('')}&fn=Sam`,
    );
  });

  it('refuse to put a name with markup, control characters or over 40 characters into a link, saying why', () => {
    expect(shareNameProblem('Rhea')).toBeNull();
    expect(shareNameProblem('')).toBeNull();
    expect(shareNameProblem('x'.repeat(SHARE_NAME_MAX_LENGTH + 1))).toMatch(/at most 40 characters/);
    expect(shareNameProblem('<b>Rhea</b>')).toMatch(/< or >/);
    expect(shareNameProblem('Rhea\u0000')).toMatch(/control characters/);
    expect(shareNameProblem('Rhea\u202Egnp.exe')).toMatch(/control characters/);
    expect(() => shareUrl(ORIGIN, mine, { name: 'a>b' })).toThrow(/< or >/);
    expect(() => shareUrl(ORIGIN, mine, { friend: { answers: theirs, name: 'y'.repeat(41) } })).toThrow(
      /40 characters/,
    );
    expect(() => shareUrl(ORIGIN, mine.slice(1), { name: 'Rhea' })).toThrow(/12 answers/);
  });

  it('still open the first links, which held only a code', () => {
    const link = tampered('?r=012340123401');
    expect(texts(link?.sharer)).toEqual(mine.map((a) => a.answerText));
    expect(link?.sharer.name).toBeNull();
    expect(link?.friend).toBeNull();
    expect(readShareLink(new URLSearchParams({ r: '012340123401' }))?.sharer.name).toBeNull();
  });

  it('drop a tampered name but keep the result', () => {
    const long = 'x'.repeat(SHARE_NAME_MAX_LENGTH + 1);
    for (const name of [
      '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      '%3Cb%3E',
      'Rhea%3E',
      long,
      '%E0%A4%A',
      '%FF',
      '%C3',
      'Rh%00ea',
      '%E2%80%AEaehR',
    ]) {
      const link = tampered(`?r=012340123401&n=${name}`);
      expect(texts(link?.sharer), name).toEqual(mine.map((a) => a.answerText));
      expect(link?.sharer.name, name).toBeNull();
    }
    expect(tampered('?r=012340123401&n=')?.sharer.name).toBeNull();
    expect(tampered('?r=012340123401&n=%20%20')?.sharer.name).toBeNull();
  });

  it('fall back to the valid result of a tampered comparison', () => {
    const valid = LAST.join('');
    const brokenFriend = tampered(`?r=012340123401&n=Sam&f=${valid.slice(1)}&fn=Rhea`);
    expect(brokenFriend?.sharer.name).toBe('Sam');
    expect(texts(brokenFriend?.sharer)).toEqual(mine.map((a) => a.answerText));
    expect(brokenFriend?.friend).toBeNull();

    const friendOnly = tampered(`?r=0123401234019&n=Sam&f=${valid}&fn=Rhea`);
    expect(friendOnly?.sharer.name).toBe('Rhea');
    expect(texts(friendOnly?.sharer)).toEqual(theirs.map((a) => a.answerText));
    expect(friendOnly?.friend).toBeNull();

    const badFriendName = tampered(`?r=012340123401&f=${valid}&fn=%3Ci%3E`);
    expect(texts(badFriendName?.friend)).toEqual(theirs.map((a) => a.answerText));
    expect(badFriendName?.friend?.name).toBeNull();
  });

  it('are no link at all when no valid result is left', () => {
    for (const query of [
      '',
      '?',
      '?n=Rhea',
      '?fn=Rhea&n=Sam',
      '?r=01234012340',
      '?r=0123401234012',
      '?r=01234012344a',
      // Question 11 has four answers: digit 4 does not exist there.
      `?r=${LAST.slice(0, 10).join('')}4${LAST[11]}`,
      '?r=%FF%FE%FD%FC%FB%FA%F9%F8%F7%F6%F5%F4',
      '?r=%E0%A4%A&n=Rhea',
      '?r=٠١٢٣٤٠١٢٣٤٠١',
      '?r=&f=',
      '?r=012340123401x&f=-12340123401',
      '?x=012340123401',
    ]) {
      expect(tampered(query), query).toBeNull();
    }
  });

  it('tell from the address alone whether a link was opened', () => {
    expect(hasShareParams('?r=012340123401')).toBe(true);
    expect(hasShareParams('?f=012340123401')).toBe(true);
    expect(hasShareParams(new URLSearchParams('n=Rhea'))).toBe(true);
    expect(hasShareParams('')).toBe(false);
    expect(hasShareParams('?utm_source=mail')).toBe(false);
  });
});

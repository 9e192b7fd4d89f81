import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TRAIL_MAX } from '../../src/core/trail-math.ts';
import { resultPosition } from '../../src/core/scoring.ts';
import { totalsOf } from '../../src/core/totals.ts';
import { forgetResults, keepResult, readTrail } from '../../src/lib/trail-storage.ts';
import { decodeShareCode } from '../../src/lib/share-link.ts';
import { MemoryStorage } from '../support/memory-storage.ts';

const KEY = 'myc.map-trail.v1';
const CODE = '012340123401';
const ANSWERS = decodeShareCode(CODE)!;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const day = (n: number) => new Date(Date.UTC(2026, 9, n, 12));
let storage: MemoryStorage;

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the earlier results kept in the browser', () => {
  it('keep a result with its date and code, and read its dot back from the questions', () => {
    keepResult(id(1), ANSWERS, day(12));
    expect(JSON.parse(storage.getItem(KEY)!)).toEqual([{ id: id(1), date: '2026-10-12T12:00:00.000Z', code: CODE }]);
    const [kept] = readTrail(day(20));
    expect(kept?.date).toEqual(day(12));
    expect(kept?.position).toEqual(resultPosition(totalsOf(ANSWERS)));
  });

  it(`keep each result once and at most ${TRAIL_MAX}, dropping the oldest`, () => {
    for (let n = 1; n <= 25; n++) keepResult(id(n), ANSWERS, day(n));
    keepResult(id(25), ANSWERS, day(26));
    const trail = readTrail(day(28));
    expect(trail).toHaveLength(TRAIL_MAX);
    expect(trail.map((r) => r.id)).toEqual(Array.from({ length: TRAIL_MAX }, (_, i) => id(i + 6)));
    expect(trail.at(-1)?.date).toEqual(day(25));
  });

  it('ignore damaged or foreign data, entry by entry', () => {
    for (const raw of ['{', 'null', '"text"', '{"id":"x"}', '42']) {
      storage.setItem(KEY, raw);
      expect(readTrail(day(20)), raw).toEqual([]);
    }
    const good = { id: id(1), date: day(3).toISOString(), code: CODE };
    storage.setItem(
      KEY,
      JSON.stringify([
        null,
        'x',
        { ...good, id: 'not-an-id' },
        { ...good, id: id(2), code: '0123401234019' },
        { ...good, id: id(3), code: '012340123444' },
        { ...good, id: id(4), date: 'yesterday' },
        { ...good, id: id(5), date: day(25).toISOString() },
        { ...good, id: id(6), code: 12 },
        good,
      ]),
    );
    expect(readTrail(day(20)).map((r) => r.id)).toEqual([id(1)]);
    // A damaged store is replaced by the good entries on the next keep, never half used.
    keepResult(id(7), ANSWERS, day(21));
    expect(JSON.parse(storage.getItem(KEY)!).map((r: { id: string }) => r.id)).toEqual([id(1), id(7)]);
  });

  it('forget every result but the one on screen', () => {
    for (let n = 1; n <= 3; n++) keepResult(id(n), ANSWERS, day(n));
    expect(forgetResults(id(3)).map((r) => r.id)).toEqual([id(3)]);
    expect(readTrail().map((r) => r.id)).toEqual([id(3)]);
    expect(forgetResults(null)).toEqual([]);
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('show the results all the same when storage is full or blocked', () => {
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    expect(keepResult(id(1), ANSWERS, day(1)).map((r) => r.id)).toEqual([id(1)]);
    expect(console.warn).toHaveBeenCalled();
    vi.stubGlobal('localStorage', undefined);
    expect(readTrail()).toEqual([]);
  });
});

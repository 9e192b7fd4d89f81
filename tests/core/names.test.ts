import { describe, expect, it } from 'vitest';
import { NAME_MAX_MARKS, cleanName } from '../../src/core/names.ts';
import { NAME_CASES } from '../support/name-cases.ts';

describe('cleanName', () => {
  it.each(NAME_CASES)('stores %s as the database does', (_label, typed, stored) => {
    expect(cleanName(typed)).toBe(stored);
  });

  it('keeps at most NAME_MAX_MARKS combining marks in a row', () => {
    expect(NAME_MAX_MARKS).toBe(3);
    expect(cleanName(`o${'\u0335'.repeat(NAME_MAX_MARKS + 1)}`)).toBe(`o${'\u0335'.repeat(NAME_MAX_MARKS)}`);
  });

  it('trims, and keeps a name that has nothing to clean as it is', () => {
    expect(cleanName('  Ada Lovelace \t')).toBe('Ada Lovelace');
    expect(cleanName('')).toBeNull();
  });
});

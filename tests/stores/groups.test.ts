/** Which group screen an address asks for: a malformed code or key is a screen of its own, never a call. */
import { describe, expect, it } from 'vitest';
import { screenOf } from '../../src/stores/groups.ts';

describe('which group screen an address asks for', () => {
  const code = 'a'.repeat(22);
  const owner = 'B'.repeat(43);
  const key = 'c'.repeat(64);
  it.each([
    ['', '', { kind: 'start' }],
    [`?join=${code}`, '', { kind: 'join', code }],
    ['', `#owner=${owner}`, { kind: 'map', key: owner, role: 'owner' }],
    ['', `#member=${key}`, { kind: 'map', key, role: 'member' }],
    ['?join=short', '', { kind: 'broken' }],
    ['', '#owner=<script>', { kind: 'broken' }],
    ['', '#member=XYZ', { kind: 'broken' }],
  ])('%s%s', (search, hash, screen) => {
    expect(screenOf(search, hash)).toEqual(screen);
  });
});

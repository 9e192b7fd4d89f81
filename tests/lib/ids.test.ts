import { afterEach, describe, expect, it, vi } from 'vitest';
import { isSubmissionId, isWithdrawalSecret, newSubmissionId, newWithdrawalSecret } from '../../src/lib/ids.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a finished quiz's id and withdrawal secret", () => {
  it('makes v4 UUIDs, also where crypto.randomUUID is missing (plain http)', () => {
    const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newSubmissionId()).toMatch(v4);
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array) => real.getRandomValues(a) });
    const ids = new Set(Array.from({ length: 50 }, () => newSubmissionId()));
    expect(ids.size).toBe(50);
    for (const id of ids) {
      expect(id).toMatch(v4);
      expect(isSubmissionId(id)).toBe(true);
    }
  });

  it('makes secrets of 32 random bytes, each different, that read back as secrets', () => {
    const secrets = new Set(Array.from({ length: 50 }, () => newWithdrawalSecret()));
    expect(secrets.size).toBe(50);
    for (const secret of secrets) expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(isWithdrawalSecret([...secrets][0])).toBe(true);
  });

  it('refuses what does not have their shape', () => {
    for (const value of ['x', 7, null, '00000000-0000-4000-8000-00000000000', `${'ab'.repeat(32)}-`])
      expect(isSubmissionId(value), String(value)).toBe(false);
    for (const value of ['ab'.repeat(31), 'AB'.repeat(32), 'zz'.repeat(32), 32, undefined])
      expect(isWithdrawalSecret(value), String(value)).toBe(false);
  });
});

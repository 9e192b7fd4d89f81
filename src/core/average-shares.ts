import { VALUES, zeroScores, type ValueScores } from './values.ts';

/** Each value's part of the whole: its mean over the sum of the four means. */
export function averageShares(mean: Readonly<ValueScores>): ValueScores {
  const sum = VALUES.reduce((s, v) => s + mean[v], 0);
  const out = zeroScores();
  if (sum <= 0) return out;
  for (const v of VALUES) out[v] = mean[v] / sum;
  return out;
}

/**
 * Shares as whole percentages that add up to 100 (largest remainder), so a
 * pie's labels never read 99% or 101% in all. All-zero shares stay zero.
 */
export function wholePercents(shares: Readonly<ValueScores>): ValueScores {
  const out = zeroScores();
  const sum = VALUES.reduce((s, v) => s + shares[v], 0);
  if (sum <= 0) return out;
  const exact = VALUES.map((v) => ({ v, pct: (shares[v] / sum) * 100 }));
  for (const { v, pct } of exact) out[v] = Math.floor(pct);
  let missing = 100 - VALUES.reduce((s, v) => s + out[v], 0);
  const byRemainder = [...exact].sort((a, b) => b.pct - Math.floor(b.pct) - (a.pct - Math.floor(a.pct)));
  for (const { v } of byRemainder) {
    if (missing <= 0) break;
    out[v] += 1;
    missing -= 1;
  }
  return out;
}

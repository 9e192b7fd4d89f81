/**
 * `npm run bench:balance`: answers the quiz along uniformly random paths and
 * prints how the results spread: each literary figure's share of paths it is
 * the nearest to, the mean position on the results chart, and the share of
 * paths in each quadrant, each against its bound.
 *   --paths <n>  how many random paths (default 100,000)
 *   --seed <n>   seed of the random paths (default 1), so a run can be repeated
 */
import { parseArgs } from 'node:util';
import { BALANCE_BOUNDS, LEANS, balanceFailures, measureBalance } from '../src/core/balance.ts';
import { leanOf } from '../src/core/points.ts';
import { formatPercent, positionOf, scoreChoices } from '../src/core/scoring.ts';
import type { ValueScores } from '../src/core/values.ts';
import { randomChoices, seededRandom } from './random-answers.ts';
import { readFigureFiles } from '../src/figures/files.ts';

/** Quadrants as the chart shows them. */
const QUADRANT_NAMES = {
  loveReason: 'Love & Reason (top right)',
  dutyReason: 'Duty & Reason (bottom right)',
  dutyHonor: 'Duty & Honor (bottom left)',
  loveHonor: 'Love & Honor (top left)',
  balanced: 'on an axis',
} as const;

/** Raw totals of `count` answer paths, one uniformly random answer per question. */
export function* randomPathTotals(count: number, seed: number): Generator<ValueScores> {
  const random = seededRandom(seed);
  for (let i = 0; i < count; i++) yield scoreChoices(randomChoices(random)).raw;
}

/** A Markdown table; columns of figures are aligned right, words left. */
function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const numeric = header.map((_, i) => rows.every((r) => /^-?[\d.,]+%?$/.test(r[i]!)));
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((c, i) => (numeric[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (numeric[i] ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

function main(): void {
  const { values } = parseArgs({
    options: { paths: { type: 'string', default: '100000' }, seed: { type: 'string', default: '1' } },
  });
  const paths = Number(values.paths);
  const seed = Number(values.seed);
  if (!Number.isInteger(paths) || paths < 1 || !Number.isInteger(seed))
    throw new Error('--paths must be a positive integer and --seed an integer');

  const figures = readFigureFiles();
  const balance = measureBalance(randomPathTotals(paths, seed), figures);
  const b = BALANCE_BOUNDS;

  console.log(
    `${paths.toLocaleString('en')} uniformly random answer paths (seed ${seed}), ${figures.length} figures\n`,
  );
  console.log(`Nearest figure (bound ${formatPercent(b.nearestMin)} to ${formatPercent(b.nearestMax)} each)\n`);
  console.log(
    table(
      ['figure', 'quadrant', 'nearest for'],
      figures.map((f, i) => [
        `${f.data.name} (${f.data.work})`,
        QUADRANT_NAMES[leanOf(positionOf(f.shares))],
        formatPercent(balance.nearest[i]!.share),
      ]),
    ),
  );
  console.log(`\nMean position on the results chart (bound ±${b.axisMean} each)\n`);
  console.log(
    table(
      ['axis', 'mean'],
      [
        ['x = Reason - Honor', balance.mean.x.toFixed(4)],
        ['y = Love - Duty', balance.mean.y.toFixed(4)],
      ],
    ),
  );
  console.log(`\nPaths per quadrant (bound ${formatPercent(b.leanMin)} to ${formatPercent(b.leanMax)} each)\n`);
  console.log(
    table(
      ['quadrant', 'paths', 'figures'],
      [...LEANS, 'balanced' as const].map((q) => [
        QUADRANT_NAMES[q],
        formatPercent(balance.leans[q]),
        String(figures.filter((f) => leanOf(positionOf(f.shares)) === q).length),
      ]),
    ),
  );

  const failures = balanceFailures(balance);
  console.log(
    failures.length === 0 ? '\nEvery bound holds.' : `\nOut of bounds:\n${failures.map((f) => `- ${f}`).join('\n')}`,
  );
  if (failures.length > 0) process.exitCode = 1;
}

if (import.meta.main) main();

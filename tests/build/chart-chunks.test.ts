/**
 * Chart.js is tree-shaken for real: the built site holds the controllers,
 * elements and scales src/charts/chart-core.ts registers, and none of the
 * others Chart.js ships.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';

/** What our charts register (bar, pie, scatter, the matrix), with the classes they extend (doughnut for pie). */
const REGISTERED = ['bar', 'pie', 'doughnut', 'scatter', 'arc', 'point', 'linear', 'category', 'matrix'];
/** Everything else Chart.js ships as a class with a static id. */
const UNREGISTERED = ['line', 'bubble', 'polarArea', 'radar', 'radialLinear', 'logarithmic', 'time', 'timeseries'];

/** The ids Chart.js classes declare (`static id = "bar"`) in a built file. */
function classIds(source: string): string[] {
  return [...source.matchAll(/static id\s*=\s*["'`](\w+)["'`]/g)].map((m) => m[1]!);
}

describe('the chart chunks of the build', () => {
  const dir = inject('siteDir');
  let ids: Map<string, string[]>;
  beforeAll(() => {
    const assets = join(dir, '_astro');
    ids = new Map(
      readdirSync(assets)
        .filter((name) => name.endsWith('.js'))
        .map((name) => [name, classIds(readFileSync(join(assets, name), 'utf8'))] as const)
        .filter(([, found]) => found.length > 0),
    );
  });

  it('hold the registered controllers, elements and scales', () => {
    const all = new Set([...ids.values()].flat());
    for (const id of ['bar', 'pie', 'scatter', 'arc', 'point', 'linear', 'category']) expect(all, id).toContain(id);
  });

  it('hold no unregistered controller, element or scale', () => {
    for (const [file, found] of ids) {
      expect(
        found.filter((id) => UNREGISTERED.includes(id)),
        file,
      ).toEqual([]);
      expect(
        found.filter((id) => !REGISTERED.includes(id)),
        file,
      ).toEqual([]);
    }
  });

  it('leave out the time scales entirely', () => {
    for (const file of ids.keys()) {
      expect(readFileSync(join(dir, '_astro', file), 'utf8'), file).not.toMatch(/timeseries|PolarArea/i);
    }
  });
});

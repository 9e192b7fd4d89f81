/**
 * Both color schemes of global.css meet WCAG AA: text 4.5:1 on every
 * background it sits on, the four values' marks and the controls' parts
 * 3:1. The theme-color tags and the manifest (styles/scheme-colors.ts) and
 * the canvas charts' colors of each scheme (charts/palette.ts) are the same
 * values.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VALUES } from '../../src/core/values.ts';
import { CHART_PALETTES } from '../../src/charts/palette.ts';
import { SCHEMES, type Scheme } from '../../src/styles/scheme-colors.ts';

const css = readFileSync(new URL('../../src/styles/global.css', import.meta.url), 'utf8');

/** The custom properties of the first `:root { ... }` after `from` in global.css. */
function tokensAfter(from: number): Map<string, string> {
  const start = css.indexOf(':root {', from);
  const block = css.slice(start, css.indexOf('}', start));
  return new Map([...block.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

const LIGHT_AT = css.indexOf('@media (prefers-color-scheme: light)');
const palettes: Record<Scheme, Map<string, string>> = {
  dark: tokensAfter(0),
  // The light block overrides the colors; the rest (sizes, fonts) stays.
  light: new Map([...tokensAfter(0), ...tokensAfter(LIGHT_AT)]),
};

type Rgba = [number, number, number, number];

function parse(color: string): Rgba {
  const hex = /^#([0-9a-f]{6})$/i.exec(color);
  if (hex) {
    const n = Number.parseInt(hex[1]!, 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 1];
  }
  const rgba = /^rgba\((\d+),\s*(\d+),\s*(\d+),\s*([\d.]+)\)$/.exec(color);
  if (rgba) return [Number(rgba[1]), Number(rgba[2]), Number(rgba[3]), Number(rgba[4])];
  throw new Error(`not a color this test reads: ${color}`);
}

/** A translucent color as seen over an opaque one. */
function over(top: Rgba, bottom: Rgba): Rgba {
  const a = top[3];
  return [0, 1, 2].map((i) => top[i]! * a + bottom[i]! * (1 - a)).concat(1) as Rgba;
}

function luminance([r, g, b]: Rgba): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function contrast(fore: string, back: string): number {
  const b = parse(back);
  const f = over(parse(fore), b);
  const [hi, lo] = [luminance(f), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe.each(Object.keys(SCHEMES) as Scheme[])('the %s palette', (scheme) => {
  const token = (name: string) => {
    const value = palettes[scheme].get(name);
    if (!value) throw new Error(`--${name} is missing from the ${scheme} palette`);
    return value;
  };
  const backgrounds = ['--bg', '--bg-raised', '--bg-sunken'];

  it.each(['--ink', '--muted', '--accent'])('%s text reads at 4.5:1 on every background', (text) => {
    for (const background of backgrounds) {
      expect(contrast(token(text), token(background)), `${text} on ${background}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('the text of a primary button reads at 4.5:1 on the accent', () => {
    expect(contrast(token('--on-accent'), token('--accent'))).toBeGreaterThanOrEqual(4.5);
  });

  it('the focus ring and the four values stand out at 3:1 on every background', () => {
    for (const mark of ['--focus', ...VALUES.map((v) => `--${v}`)]) {
      for (const background of backgrounds) {
        expect(contrast(token(mark), token(background)), `${mark} on ${background}`).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('the four values, as the figure maps write them, read at 4.5:1 on the page', () => {
    for (const v of VALUES) expect(contrast(token(`--${v}`), token('--bg')), v).toBeGreaterThanOrEqual(4.5);
  });

  it('the theme-color tags and the manifest name the page background', () => {
    expect(SCHEMES[scheme].background).toBe(token('--bg'));
  });
});

describe.each(Object.keys(SCHEMES) as Scheme[])("the canvas charts' %s palette", (scheme) => {
  const chart = CHART_PALETTES[scheme];
  const token = (name: string) => palettes[scheme].get(name);

  it("draws the four values in the page's colors of the scheme", () => {
    for (const v of VALUES) expect(chart.values[v].bright, v).toBe(token(`--${v}`));
  });

  it("paints and writes on the page's backgrounds and in its inks", () => {
    expect(chart.background).toBe(token('--bg-raised'));
    expect(chart.page).toEqual([token('--bg'), token('--glow')]);
    expect(css).toContain('radial-gradient(ellipse at top, var(--glow) 0%, var(--bg) 60%)');
    expect([chart.ink.text, chart.ink.muted]).toEqual([token('--ink'), token('--muted')]);
    expect(chart.marks.picked).toBe(token('--focus'));
  });
});

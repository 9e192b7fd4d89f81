/**
 * WCAG 2.x contrast of the colors the charts draw with: a translucent
 * color is first laid over what is beneath it, as the canvas composites it.
 */

type Rgb = readonly [number, number, number];

/** '#rrggbb' or 'rgba(r, g, b, a)' as its channels 0-255 and its opacity. */
function parse(color: string): { rgb: Rgb; alpha: number } {
  if (color.startsWith('#') && color.length === 7) {
    const n = Number.parseInt(color.slice(1), 16);
    return { rgb: [(n >> 16) & 255, (n >> 8) & 255, n & 255], alpha: 1 };
  }
  const parts = /^rgba?\(([^)]+)\)$/.exec(color)?.[1]?.split(',').map(Number);
  if (!parts || parts.length < 3 || parts.some(Number.isNaN)) throw new Error(`not a color: ${color}`);
  return { rgb: [parts[0]!, parts[1]!, parts[2]!], alpha: parts[3] ?? 1 };
}

/** `color` as seen over the opaque `under`: its own channels when opaque, blended when translucent. */
export function over(color: string, under: string): Rgb {
  const top = parse(color);
  const bottom = parse(under).rgb;
  const mix = (i: 0 | 1 | 2) => top.alpha * top.rgb[i] + (1 - top.alpha) * bottom[i];
  return [mix(0), mix(1), mix(2)];
}

function luminance([r, g, b]: Rgb): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The contrast ratio (1 to 21) of `color` drawn over `under`, which is opaque or itself over `background`. */
export function contrast(color: string, under: string, background = under): number {
  const base = over(under, background);
  const baseHex = `rgb(${base.join(',')})`;
  const a = luminance(over(color, baseHex));
  const b = luminance(base);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

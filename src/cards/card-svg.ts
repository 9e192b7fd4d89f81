/**
 * A social card (the picture a chat app or a feed shows beside a link) as
 * SVG, in the site's look: the dark page, the serif, the four values in
 * their colours around the results map. Rasterized at build time
 * (pages/cards/[card].png.ts); text stays SVG text, so the build machine's
 * fonts draw it, falling back to its generic serif.
 */
import { CHART_FONT_FAMILY, CHART_PALETTES } from '../charts/palette.ts';
import { CELLS_PER_AXIS, type MapCell } from '../core/map.ts';
import type { Position } from '../core/scoring.ts';
import { SITE_NAME } from '../core/site.ts';
import { VALUE_LABELS, VALUES, type Value } from '../core/values.ts';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** A card stays in the dark palette: the sites that show it have schemes of their own. */
const { background: CHART_BACKGROUND, ink: CHART_INK, values: VALUE_COLORS } = CHART_PALETTES.dark;

/** The page's background (--bg in global.css). */
const PAGE_BACKGROUND = '#14120f';
/** Accent ink (--accent in global.css). */
const ACCENT = '#e2bd6a';

/** What one card shows. */
export interface CardDrawing {
  /** The large words on the left. */
  readonly heading: string;
  /** The heading's colour: a value's, or the page's ink. */
  readonly headingValue?: Value;
  /** Smaller lines under the heading. */
  readonly text: string;
  /** A value whose side of the map is drawn stronger. */
  readonly accent?: Value;
  /** A cell of the map drawn lit, with a dot at its centre. */
  readonly cell?: { readonly cell: MapCell; readonly dot: Position };
  /** Faint small marks, e.g. the literary figures. */
  readonly marks?: readonly Position[];
}

const MAP = { left: 700, top: 125, size: 380 };
const TEXT_LEFT = 72;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Words broken into lines of at most `width` characters; SVG text does not wrap by itself. */
function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

function px({ x, y }: Position): { cx: number; cy: number } {
  return { cx: MAP.left + ((x + 1) / 2) * MAP.size, cy: MAP.top + ((1 - y) / 2) * MAP.size };
}

function textLines(
  lines: readonly string[],
  x: number,
  y: number,
  size: number,
  lineHeight: number,
  attrs: string,
): string {
  return lines
    .map((line, i) => `<text x="${x}" y="${y + i * lineHeight}" font-size="${size}" ${attrs}>${escapeXml(line)}</text>`)
    .join('');
}

function drawMap(drawing: CardDrawing): string {
  const { left, top, size } = MAP;
  const step = size / CELLS_PER_AXIS;
  const grid = Array.from({ length: CELLS_PER_AXIS - 1 }, (_, i) => left + (i + 1) * step)
    .map((p, i) => {
      const middle = i === CELLS_PER_AXIS / 2 - 1;
      const style = middle
        ? `stroke="${CHART_INK.muted}" stroke-width="2"`
        : `stroke="${CHART_INK.text}" stroke-opacity="0.1"`;
      const q = top + (p - left);
      return `<line x1="${p}" y1="${top}" x2="${p}" y2="${top + size}" ${style}/><line x1="${left}" y1="${q}" x2="${left + size}" y2="${q}" ${style}/>`;
    })
    .join('');
  const frame = `<rect x="${left}" y="${top}" width="${size}" height="${size}" fill="${CHART_BACKGROUND}" stroke="${CHART_INK.text}" stroke-opacity="0.16"/>`;
  const label = (value: Value, x: number, y: number, anchor: string) => {
    const strong = drawing.accent === value;
    return `<text x="${x}" y="${y}" font-size="${strong ? 34 : 26}" font-weight="${strong ? 700 : 600}" text-anchor="${anchor}" fill="${VALUE_COLORS[value].bright}">${VALUE_LABELS[value]}</text>`;
  };
  const mid = size / 2;
  const labels = [
    label('love', left + mid, top - 18, 'middle'),
    label('duty', left + mid, top + size + 40, 'middle'),
    label('honor', left - 14, top + mid + 9, 'end'),
    label('reason', left + size + 14, top + mid + 9, 'start'),
  ].join('');
  const marks = (drawing.marks ?? [])
    .map((m) => {
      const { cx, cy } = px(m);
      return `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="6" fill="${CHART_INK.text}" fill-opacity="0.55"/>`;
    })
    .join('');
  let lit = '';
  if (drawing.cell) {
    const { col, row } = drawing.cell.cell;
    const { cx, cy } = px(drawing.cell.dot);
    lit =
      `<rect x="${left + col * step}" y="${top + (CELLS_PER_AXIS - 1 - row) * step}" width="${step}" height="${step}" fill="${ACCENT}" fill-opacity="0.28"/>` +
      `<circle cx="${cx}" cy="${cy}" r="15" fill="${CHART_INK.highlight}" stroke="${CHART_BACKGROUND}" stroke-width="4"/>`;
  }
  return frame + grid + marks + lit + labels;
}

/** The card as an SVG document of CARD_WIDTH by CARD_HEIGHT. */
export function cardSvg(drawing: CardDrawing): string {
  const heading = wrapWords(drawing.heading, 15);
  const headingSize = heading.length > 2 ? 54 : 64;
  const headingTop = 200;
  const textTop = headingTop + heading.length * headingSize * 1.1 + 30;
  const headingFill = drawing.headingValue ? VALUE_COLORS[drawing.headingValue].bright : CHART_INK.text;
  const valueNames = VALUES.map((v) => `<tspan fill="${VALUE_COLORS[v].bright}">${VALUE_LABELS[v]}</tspan>`).join(
    `<tspan fill="${CHART_INK.muted}">  ·  </tspan>`,
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" font-family="${CHART_FONT_FAMILY.replaceAll('"', "'")}">`,
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${PAGE_BACKGROUND}"/>`,
    `<rect x="0" y="0" width="${CARD_WIDTH}" height="8" fill="${ACCENT}"/>`,
    // The site's name above the heading, unless it is the heading.
    drawing.heading === SITE_NAME
      ? ''
      : `<text x="${TEXT_LEFT}" y="110" font-size="28" font-weight="600" letter-spacing="1" fill="${ACCENT}">${escapeXml(SITE_NAME)}</text>`,
    textLines(
      heading,
      TEXT_LEFT,
      headingTop,
      headingSize,
      headingSize * 1.1,
      `font-weight="700" fill="${headingFill}"`,
    ),
    textLines(wrapWords(drawing.text, 34).slice(0, 5), TEXT_LEFT, textTop, 28, 38, `fill="${CHART_INK.muted}"`),
    `<text x="${TEXT_LEFT}" y="570" font-size="26" font-weight="600" xml:space="preserve">${valueNames}</text>`,
    drawMap(drawing),
    '</svg>',
  ].join('');
}

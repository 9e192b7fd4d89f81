/**
 * The picture "Save image" downloads: the result chart with what makes it
 * stand on its own off the page: the title, the name (if any), the four
 * percentages and the date, on the chart's own background. It is in the
 * scheme the chart on screen was drawn in, whose pixels it takes.
 */
import { CHART_FONT_FAMILY, chartPalette } from './palette.ts';
import type { Value } from '../core/values.ts';

export interface ResultImageText {
  /** The results screen's title ("Your Results", "Rhea’s map"). */
  readonly title: string;
  /** The name the result goes by; null for none. */
  readonly name: string | null;
  /** The four percentages as the list prints them, e.g. ["love", "Love", "31.6%"]. */
  readonly shares: readonly (readonly [Value, string, string])[];
  /** The day, as the picture prints it. */
  readonly date: string;
  /** Who made it: the site's name. */
  readonly site: string;
}

/** The chart `chart` (drawn) with `text` around it, on a new canvas of the same width. */
export function resultImage(chart: HTMLCanvasElement, text: ResultImageText): HTMLCanvasElement {
  const width = chart.width;
  // The chart's pixels per CSS pixel at a chart 400 wide: the text grows with the chart.
  const unit = width / 400;
  const pad = Math.round(16 * unit);
  const titleSize = Math.round(22 * unit);
  const lineSize = Math.round(15 * unit);
  const header = pad + titleSize + (text.name ? lineSize * 1.6 : 0) + pad / 2;
  const measure = document.createElement('canvas').getContext('2d');
  const shareTexts = text.shares.map(([value, label, share]) => ({ value, line: `${label} ${share}` }));
  // The four percentages on one line where they fit, else two a line.
  const shareFont = `600 ${lineSize}px ${CHART_FONT_FAMILY}`;
  if (measure) measure.font = shareFont;
  const widest = Math.max(...shareTexts.map((t) => measure?.measureText(t.line).width ?? 0));
  const perLine = (widest + pad) * shareTexts.length <= width ? shareTexts.length : 2;
  const shareLines = Math.ceil(shareTexts.length / perLine);
  const footer = pad / 2 + lineSize * 1.6 * (shareLines + 1) + pad;
  const image = document.createElement('canvas');
  image.width = width;
  image.height = Math.round(header + chart.height + footer);
  const ctx = image.getContext('2d');
  if (!ctx) throw new Error('No 2D context for the result image');
  const { background, ink, values } = chartPalette();
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, image.width, image.height);
  ctx.textBaseline = 'top';
  ctx.textAlign = 'center';

  ctx.fillStyle = ink.text;
  ctx.font = `700 ${titleSize}px ${CHART_FONT_FAMILY}`;
  ctx.fillText(text.title, width / 2, pad);
  if (text.name) {
    ctx.fillStyle = ink.muted;
    ctx.font = `400 ${lineSize}px ${CHART_FONT_FAMILY}`;
    ctx.fillText(text.name, width / 2, pad + titleSize + lineSize * 0.4);
  }

  ctx.drawImage(chart, 0, header);

  // Each percentage in its value's color, evenly spread.
  let y = header + chart.height + pad / 2;
  ctx.font = shareFont;
  const slot = width / perLine;
  shareTexts.forEach(({ value, line }, i) => {
    ctx.fillStyle = values[value].bright;
    ctx.fillText(line, slot * ((i % perLine) + 0.5), y + Math.floor(i / perLine) * lineSize * 1.6);
  });
  y += lineSize * 1.6 * shareLines;
  ctx.fillStyle = ink.muted;
  ctx.font = `400 ${Math.round(lineSize * 0.9)}px ${CHART_FONT_FAMILY}`;
  ctx.fillText(`${text.site} · ${text.date}`, width / 2, y);
  return image;
}

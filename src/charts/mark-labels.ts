/**
 * The names of the marks on the result chart, painted beside them where they
 * hide neither each other nor the dots that matter (result-scatter.ts).
 */
import type { Plugin } from 'chart.js';
import type { Position } from '../core/scoring.ts';
import { CHART_FONT_FAMILY, chartPalette, type ChartPalette } from './palette.ts';

/** A named mark's name, as painted. */
export interface PaintedLabel {
  readonly position: Position;
  readonly label: string;
  readonly size: number;
  readonly weight: number;
  /** Its color in the palette of the drawing's scheme. */
  readonly color: (palette: ChartPalette) => string;
  /** How far from the centre of its mark the label starts. */
  readonly offset: number;
  /**
   * A name the chart may leave off (a figure's, listed under the chart
   * anyway): it goes only where it covers no other name and no mark.
   */
  readonly optional?: boolean;
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

function overlap(a: Box, b: Box): number {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

/** Where a name may go around its mark: the four sides first, then the corners, each at one, two and three times the mark's offset. */
const PLACES = [1, 2, 3].flatMap((reach) =>
  [
    [1, 0],
    [-1, 0],
    [0, -1],
    [0, 1],
    [1, -1],
    [-1, -1],
    [1, 1],
    [-1, 1],
  ].map(([dx, dy]) => ({ dx: dx!, dy: dy!, reach })),
);

/** The stroke drawn around each name, so that it reads over the grid and the other marks. */
const LABEL_OUTLINE = 3;

/**
 * How much larger than drawn for a phone the chart's text is: names sized
 * for a chart 420 wide grow with a wider one (a desktop's), up to half as
 * large again.
 */
export function textScale(chartWidth: number): number {
  return Math.max(1, Math.min(1.5, chartWidth / 420));
}

/** How far, in CSS pixels, a name's drawn outline may reach past the box it is placed by. */
const GLYPH_OVERHANG = 4;

/** Said after a figure's name when its mark lies under a guarded dot, where it cannot be seen. */
export const UNDER_THE_DOT = ' (under the dot)';

/** A name as painted, in CSS pixels from the canvas's top left: what `data-labels` lists for whoever checks the drawing. */
export interface PaintedBox extends Box {
  readonly text: string;
}

/**
 * Each mark's name beside it. Names are placed in the order given (the two
 * dots before the figures), each where it covers the fewest names and marks
 * already there and stays on the chart: beside its mark, or further out.
 * A name never covers a guarded mark (the visitor's dot, the friend's
 * triangle), and an optional one (a figure's) never covers another name or
 * mark: with no free place it is left off, as the figures are listed under
 * the chart anyway.
 */
export function markLabels(
  labels: readonly PaintedLabel[],
  guarded: readonly { position: Position; radius: number }[],
): Plugin<'scatter'> {
  return {
    id: 'markLabels',
    afterDatasetsDraw(chart) {
      const { ctx, scales, chartArea } = chart;
      const x = scales.x;
      const y = scales.y;
      if (!x || !y) return;
      const scale = textScale(chart.width);
      const palette = chartPalette();
      ctx.save();
      ctx.textBaseline = 'middle';
      const pixel = (p: Position) => ({ px: x.getPixelForValue(p.x), py: y.getPixelForValue(p.y) });
      const around = ({ px, py }: { px: number; py: number }, r: number): Box => ({
        left: px - r,
        right: px + r,
        top: py - r,
        bottom: py + r,
      });
      // A name should not hide a mark either.
      const marks: Box[] = labels.map((label) => around(pixel(label.position), label.offset - 3));
      const forbidden: Box[] = guarded.map((g) => around(pixel(g.position), g.radius));
      // What a name keeps clear of: a glyph's outline can reach a few pixels past its box.
      const keepClear: Box[] = guarded.map((g) => around(pixel(g.position), g.radius + GLYPH_OVERHANG));
      // The two center lines: a name laid across one is harder to read, and hides the axis.
      const center = pixel({ x: 0, y: 0 });
      const axes: Box[] = [
        { left: center.px - 1, right: center.px + 1, top: chartArea.top, bottom: chartArea.bottom },
        { left: chartArea.left, right: chartArea.right, top: center.py - 1, bottom: center.py + 1 },
      ];
      const underGuard = (p: { px: number; py: number }) =>
        forbidden.some((f) => p.px > f.left && p.px < f.right && p.py > f.top && p.py < f.bottom);
      const placed: (Box & {
        label: PaintedLabel;
        text: string;
        tx: number;
        ty: number;
        reach: number;
        size: number;
      })[] = [];
      for (const label of labels) {
        const { px, py } = pixel(label.position);
        const size = label.size * scale;
        // A figure hidden under a dot is named all the same, and says where its mark is: the one
        // figure the visitor cannot see is not left off for want of a free place.
        const hidden = label.optional && underGuard({ px, py });
        const optional = label.optional && !hidden;
        const text = hidden ? `${label.label}${UNDER_THE_DOT}` : label.label;
        ctx.font = `${label.weight} ${size}px ${CHART_FONT_FAMILY}`;
        const pad = LABEL_OUTLINE / 2;
        const w = ctx.measureText(text).width + 2 * pad;
        const h = size + 2 * pad;
        const candidates = PLACES.map(({ dx, dy, reach }) => {
          const d = label.offset * reach;
          // The box's near edge or corner sits `d` from the mark's centre.
          const left = dx > 0 ? px + d : dx < 0 ? px - d - w : px - w / 2;
          const top = dy > 0 ? py + d : dy < 0 ? py - d - h : py - h / 2;
          return { left, top, right: left + w, bottom: top + h, reach };
        });
        const cost = (b: Box & { reach: number }) => {
          if (keepClear.some((f) => overlap(b, f) > 0)) return Number.POSITIVE_INFINITY;
          // Inside the plot: beyond it lie the names of the four values.
          const outside =
            b.left < chartArea.left ||
            b.right > chartArea.right ||
            b.top < chartArea.top ||
            b.bottom > chartArea.bottom;
          const covered = [...placed, ...marks].reduce((sum, p) => sum + overlap(b, p), 0);
          if (optional && (covered > 0 || outside)) return Number.POSITIVE_INFINITY;
          const across = axes.reduce((sum, a) => sum + overlap(b, a), 0);
          // Further out only when nearer costs more: a name stays by its mark where it can.
          return covered + (outside ? w * h : 0) + across * 4 + (b.reach - 1) * 4;
        };
        const best = candidates.reduce((a, b) => (cost(b) < cost(a) ? b : a));
        if (!Number.isFinite(cost(best))) continue;
        placed.push({ ...best, label, text, size, tx: best.left + pad, ty: (best.top + best.bottom) / 2 });
      }
      // A name set further out than beside its mark is tied to it by a thin line.
      for (const { label, reach, left, top, right, bottom } of placed) {
        const { px, py } = pixel(label.position);
        if (reach === 1 || underGuard({ px, py })) continue;
        const ex = Math.min(Math.max(px, left), right);
        const ey = Math.min(Math.max(py, top), bottom);
        const length = Math.hypot(ex - px, ey - py);
        if (length <= label.offset) continue;
        const start = (label.offset - 3) / length;
        // A line across a guarded mark would hide it: the name stays, untied.
        const crosses = Array.from({ length: Math.ceil(length) + 1 }, (_, i) => i / Math.ceil(length)).some((t) =>
          forbidden.some((f) => {
            const qx = px + (ex - px) * Math.max(t, start);
            const qy = py + (ey - py) * Math.max(t, start);
            return qx > f.left - 1 && qx < f.right + 1 && qy > f.top - 1 && qy < f.bottom + 1;
          }),
        );
        if (crosses) continue;
        ctx.strokeStyle = label.color(palette);
        ctx.lineWidth = 1;
        ctx.beginPath();
        ctx.moveTo(px + (ex - px) * start, py + (ey - py) * start);
        ctx.lineTo(ex, ey);
        ctx.stroke();
      }
      // Painted in reverse, so that the dots' names lie on top of the figures'.
      ctx.textAlign = 'left';
      for (const { label, text, size, tx, ty } of [...placed].reverse()) {
        ctx.font = `${label.weight} ${size}px ${CHART_FONT_FAMILY}`;
        ctx.lineWidth = LABEL_OUTLINE;
        ctx.strokeStyle = palette.background;
        ctx.fillStyle = label.color(palette);
        ctx.strokeText(text, tx, ty);
        ctx.fillText(text, tx, ty);
      }
      ctx.restore();
      // For whoever checks the drawing: where each name went, and the guarded marks' centres, in CSS pixels.
      const boxes: PaintedBox[] = placed.map(({ text, left, top, right, bottom }) => ({
        text,
        left,
        top,
        right,
        bottom,
      }));
      chart.canvas.dataset.area = JSON.stringify({
        left: chartArea.left,
        top: chartArea.top,
        right: chartArea.right,
        bottom: chartArea.bottom,
      });
      chart.canvas.dataset.labels = JSON.stringify(boxes);
      chart.canvas.dataset.guarded = JSON.stringify(guarded.map((g) => ({ ...pixel(g.position), radius: g.radius })));
    },
  };
}

import type { Chart, Plugin } from 'chart.js';
import type { Position } from '../../core/scoring.ts';
import { afterNextPaint } from '../../speed/after-paint.ts';

/**
 * A chart whose drawing goes on after Chart.js's own, a slice per task:
 * whoever makes the chart calls `drawInChunks` once it is there, and the
 * slices come one per frame.
 */
export interface ChunkedDrawing {
  drawInChunks(chart: DrawnOn, signal: AbortSignal): Promise<void>;
}

/** What of a chart the dots are painted with: its canvas and its scales. */
type DrawnOn = Pick<Chart, 'ctx' | 'scales'>;

export function drawsInChunks(plugin: unknown): plugin is ChunkedDrawing {
  return typeof (plugin as Partial<ChunkedDrawing> | null)?.drawInChunks === 'function';
}

export interface DotStyle {
  radius: number;
  /** Asked at each painting, so that a drawing after a change of scheme takes the new palette. */
  color: () => string;
}

/**
 * Dots per task. Thousands of dots as Chart.js points were long tasks (an
 * element and resolved options per point); painted here, a slice of this
 * many is a few milliseconds, and a tap between two slices
 * is answered at once.
 */
const CHUNK = 400;

/**
 * The crowd's dots, painted onto the chart's canvas by this plugin rather
 * than handed to Chart.js as points: Chart.js lays out and draws the axes,
 * the dots follow in slices. A redraw of the chart (a resize) paints again
 * those already there, at their new place.
 */
export function crowdDots(
  positions: readonly Position[],
  { radius, color }: DotStyle,
): Plugin<'scatter'> & ChunkedDrawing {
  const painted = new WeakMap<DrawnOn, number>();
  const paint = (chart: DrawnOn, from: number, to: number) => {
    const { ctx, scales } = chart;
    const x = scales.x!;
    const y = scales.y!;
    ctx.save();
    ctx.fillStyle = color();
    // One path per dot: translucent dots that overlap darken, so the crowd's density shows.
    for (let i = from; i < to; i++) {
      ctx.beginPath();
      ctx.arc(x.getPixelForValue(positions[i]!.x), y.getPixelForValue(positions[i]!.y), radius, 0, 2 * Math.PI);
      ctx.fill();
    }
    ctx.restore();
  };
  return {
    id: 'crowdDots',
    afterDatasetsDraw(chart) {
      paint(chart, 0, painted.get(chart) ?? 0);
    },
    async drawInChunks(chart, signal) {
      for (let from = painted.get(chart) ?? 0; from < positions.length; from += CHUNK) {
        // A slice per frame: a tap's effect is painted before the next slice.
        await new Promise<void>((resolve) => afterNextPaint(resolve));
        if (signal.aborted) return;
        const to = Math.min(from + CHUNK, positions.length);
        paint(chart, from, to);
        painted.set(chart, to);
      }
    },
  };
}

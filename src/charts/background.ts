import type { ChartType, Plugin } from 'chart.js';
import { chartPalette } from './palette.ts';

/** Paints the scheme's chart background under everything, so that a saved image is readable off the page. */
export function paintedBackground<TType extends ChartType>(): Plugin<TType> {
  return {
    id: 'paintedBackground',
    beforeDraw(chart) {
      chart.ctx.save();
      chart.ctx.fillStyle = chartPalette().background;
      chart.ctx.fillRect(0, 0, chart.width, chart.height);
      chart.ctx.restore();
    },
  };
}

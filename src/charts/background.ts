import type { ChartType, Plugin } from 'chart.js';
import { CHART_BACKGROUND } from './palette.ts';

/** Paints the chart's background under everything, so that a saved image is readable off the page. */
export function paintedBackground<TType extends ChartType>(): Plugin<TType> {
  return {
    id: 'paintedBackground',
    beforeDraw(chart) {
      chart.ctx.save();
      chart.ctx.fillStyle = CHART_BACKGROUND;
      chart.ctx.fillRect(0, 0, chart.width, chart.height);
      chart.ctx.restore();
    },
  };
}

/**
 * The visitor's place between the four values: Love up, Duty down, Reason
 * right, Honor left, on -1 to 1 each way. The axis names are painted inside
 * the canvas so that a saved image carries them.
 */
import type { ChartConfiguration, Plugin } from 'chart.js';
import type { Position } from '../core/scoring.ts';
import { paintedBackground } from './background.ts';
import { CHART_BACKGROUND, CHART_FONT_FAMILY, CHART_INK, VALUE_COLORS } from './palette.ts';

const LABEL_GAP = 10;

const compassLabels: Plugin<'scatter'> = {
  id: 'compassLabels',
  afterDraw(chart) {
    const { ctx, chartArea } = chart;
    const midX = (chartArea.left + chartArea.right) / 2;
    const midY = (chartArea.top + chartArea.bottom) / 2;
    ctx.save();
    ctx.font = `600 15px ${CHART_FONT_FAMILY}`;
    const label = (text: string, color: string, x: number, y: number, align: CanvasTextAlign, base: CanvasTextBaseline) => {
      ctx.fillStyle = color;
      ctx.textAlign = align;
      ctx.textBaseline = base;
      ctx.fillText(text, x, y);
    };
    label('Love', VALUE_COLORS.love.bright, midX, chartArea.top - LABEL_GAP, 'center', 'bottom');
    label('Duty', VALUE_COLORS.duty.bright, midX, chartArea.bottom + LABEL_GAP, 'center', 'top');
    label('Reason', VALUE_COLORS.reason.bright, chartArea.right + LABEL_GAP, midY, 'left', 'middle');
    label('Honor', VALUE_COLORS.honor.bright, chartArea.left - LABEL_GAP, midY, 'right', 'middle');
    ctx.restore();
  },
};

function axis() {
  return {
    type: 'linear' as const,
    min: -1,
    max: 1,
    ticks: { display: false, stepSize: 0.5 },
    border: { display: false },
    grid: {
      color: (c: { tick?: { value: number } }) => (c.tick?.value === 0 ? CHART_INK.muted : CHART_INK.grid),
      lineWidth: (c: { tick?: { value: number } }) => (c.tick?.value === 0 ? 1.5 : 1),
    },
  };
}

export function resultScatter(position: Position): ChartConfiguration<'scatter'> {
  return {
    type: 'scatter',
    data: {
      datasets: [
        {
          label: 'You',
          data: [position],
          pointRadius: 9,
          pointHoverRadius: 10,
          pointBackgroundColor: CHART_INK.highlight,
          pointBorderColor: CHART_BACKGROUND,
          pointBorderWidth: 2,
        },
      ],
    },
    options: {
      // Drawn in one pass, so that "Save image" never catches a half-drawn frame.
      animation: false,
      maintainAspectRatio: true,
      aspectRatio: 1,
      layout: { padding: { top: 30, bottom: 30, left: 64, right: 70 } },
      scales: { x: axis(), y: axis() },
      plugins: { legend: { display: false }, tooltip: { enabled: false } },
      events: [],
    },
    plugins: [paintedBackground(), compassLabels],
  };
}

/** A sentence for screen readers and the caption: where the dot leans. */
export function describePosition(position: Position): string {
  const lean = (n: number, plus: string, minus: string) =>
    n > 0 ? `toward ${plus}` : n < 0 ? `toward ${minus}` : `balanced between ${plus} and ${minus}`;
  return `Your dot leans ${lean(position.y, 'Love', 'Duty')} and ${lean(position.x, 'Reason', 'Honor')}.`;
}

/**
 * The visitor's place between the four values: Love up, Duty down, Reason
 * right, Honor left, on -1 to 1 each way; in a comparison the friend's place
 * beside it, and on request the literary figures as small marks. The axis
 * names and every mark's name are painted inside the canvas so that a saved
 * image carries them, and so that the two dots differ by shape and name,
 * not by colour alone.
 */
import type { ChartConfiguration, Plugin } from 'chart.js';
import { axesOf } from '../core/map.ts';
import type { Position } from '../core/scoring.ts';
import { paintedBackground } from './background.ts';
import { markLabels, textScale, type PaintedLabel } from './mark-labels.ts';
import { CHART_FONT_FAMILY, chartPalette, type ChartPalette } from './palette.ts';

const LABEL_GAP = 10;

/**
 * The dots drawn again over the names and their lines, so that nothing laid
 * near them (a glyph's edge, a line's smoothing) ever tints them.
 */
const dotsOnTop = (datasets: readonly number[]): Plugin<'scatter'> => ({
  id: 'dotsOnTop',
  afterDatasetsDraw(chart) {
    for (const index of datasets) chart.getDatasetMeta(index).controller.draw();
  },
});

const compassLabels: Plugin<'scatter'> = {
  id: 'compassLabels',
  afterDraw(chart) {
    const { ctx, chartArea } = chart;
    const midX = (chartArea.left + chartArea.right) / 2;
    const midY = (chartArea.top + chartArea.bottom) / 2;
    const { values } = chartPalette();
    ctx.save();
    ctx.font = `600 ${15 * textScale(chart.width)}px ${CHART_FONT_FAMILY}`;
    const label = (
      text: string,
      color: string,
      x: number,
      y: number,
      align: CanvasTextAlign,
      base: CanvasTextBaseline,
    ) => {
      ctx.fillStyle = color;
      ctx.textAlign = align;
      ctx.textBaseline = base;
      ctx.fillText(text, x, y);
    };
    label('Love', values.love.bright, midX, chartArea.top - LABEL_GAP, 'center', 'bottom');
    label('Duty', values.duty.bright, midX, chartArea.bottom + LABEL_GAP, 'center', 'top');
    label('Reason', values.reason.bright, chartArea.right + LABEL_GAP, midY, 'left', 'middle');
    label('Honor', values.honor.bright, chartArea.left - LABEL_GAP, midY, 'right', 'middle');
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
      color: (c: { tick?: { value: number } }) => {
        const { ink } = chartPalette();
        return c.tick?.value === 0 ? ink.muted : ink.grid;
      },
      lineWidth: (c: { tick?: { value: number } }) => (c.tick?.value === 0 ? 1.5 : 1),
    },
  };
}

/** A named place on the chart. */
export interface ChartMark {
  readonly position: Position;
  readonly label: string;
}

export interface ResultScatterInput {
  readonly own: ChartMark;
  /** The friend's result in a comparison. */
  readonly friend?: ChartMark | null;
  /** Literary figures, drawn small and faint under the dots. */
  readonly figures?: readonly ChartMark[];
  /** The visitor's earlier results, oldest first, each named by its date: a faint trail to the own dot. */
  readonly trail?: readonly ChartMark[];
}

const OWN_RADIUS = 9;
const FRIEND_RADIUS = 11;
const FIGURE_RADIUS = 3.5;
const TRAIL_RADIUS = 5;

/**
 * A faint dashed line from the oldest earlier result to the dot on screen.
 * Painted here rather than as a line dataset, so that Chart.js's line
 * element stays out of the bundle.
 */
function trailLine(path: readonly Position[]): Plugin<'scatter'> {
  return {
    id: 'trailLine',
    beforeDatasetsDraw(chart) {
      const { ctx, scales } = chart;
      const x = scales.x;
      const y = scales.y;
      if (!x || !y || path.length < 2) return;
      ctx.save();
      ctx.strokeStyle = chartPalette().marks.trail;
      ctx.lineWidth = 1.5;
      ctx.setLineDash([4, 4]);
      ctx.beginPath();
      for (const [i, p] of path.entries()) {
        const px = x.getPixelForValue(p.x);
        const py = y.getPixelForValue(p.y);
        if (i === 0) ctx.moveTo(px, py);
        else ctx.lineTo(px, py);
      }
      ctx.stroke();
      ctx.restore();
    },
  };
}

export function resultScatter({
  own,
  friend = null,
  figures = [],
  trail = [],
}: ResultScatterInput): ChartConfiguration<'scatter'> {
  const labels: PaintedLabel[] = [
    // Without a friend the one dot needs no name: the chart is the visitor's.
    ...(friend
      ? [{ ...own, size: 13, weight: 700, color: (p: ChartPalette) => p.ink.highlight, offset: OWN_RADIUS + 4 }]
      : []),
    ...(friend
      ? [{ ...friend, size: 13, weight: 700, color: (p: ChartPalette) => p.marks.friend, offset: FRIEND_RADIUS + 4 }]
      : []),
    ...trail.map((t) => ({
      ...t,
      size: 11,
      weight: 400,
      color: (p: ChartPalette) => p.marks.trail,
      offset: TRAIL_RADIUS + 3,
    })),
    ...figures.map((f) => ({
      ...f,
      size: 10,
      weight: 400,
      color: (p: ChartPalette) => p.ink.muted,
      offset: FIGURE_RADIUS + 3,
      optional: true,
    })),
  ];
  // The dots (with their white ring) stay in sight: no name is painted over them.
  const guarded = [
    { position: own.position, radius: OWN_RADIUS + 2 },
    ...(friend ? [{ position: friend.position, radius: FRIEND_RADIUS + 2 }] : []),
  ];
  return {
    type: 'scatter',
    data: {
      // Later datasets are drawn on top: the figures under both dots.
      datasets: [
        {
          label: 'Figures',
          data: figures.map((f) => f.position),
          pointStyle: 'rectRot',
          pointRadius: FIGURE_RADIUS,
          pointBackgroundColor: () => chartPalette().marks.figure,
          pointBorderWidth: 0,
        },
        {
          label: 'Earlier results',
          data: trail.map((t) => t.position),
          pointRadius: TRAIL_RADIUS,
          pointBackgroundColor: () => chartPalette().marks.trail,
          pointBorderWidth: 0,
        },
        {
          label: friend?.label ?? 'Friend',
          data: friend ? [friend.position] : [],
          pointStyle: 'triangle',
          pointRadius: FRIEND_RADIUS,
          pointBackgroundColor: () => chartPalette().marks.friend,
          pointBorderColor: () => chartPalette().background,
          pointBorderWidth: 2,
        },
        {
          label: own.label,
          data: [own.position],
          pointRadius: OWN_RADIUS,
          pointHoverRadius: 10,
          pointBackgroundColor: () => chartPalette().ink.highlight,
          pointBorderColor: () => chartPalette().background,
          pointBorderWidth: 2,
        },
      ],
    },
    options: {
      // Drawn in one pass, so that "Save image" never catches a half-drawn frame.
      animation: false,
      maintainAspectRatio: true,
      aspectRatio: 1,
      // Room for the four values' names, which grow with the chart (textScale).
      layout: {
        padding: ({ chart }) => {
          const scale = textScale(chart.width);
          return { top: 30 * scale, bottom: 30 * scale, left: 64 * scale, right: 70 * scale };
        },
      },
      scales: { x: axis(), y: axis() },
      plugins: { legend: { display: false }, tooltip: { enabled: false } },
      events: [],
    },
    plugins: [
      paintedBackground(),
      compassLabels,
      trailLine([...trail.map((t) => t.position), own.position]),
      markLabels(labels, guarded),
      // The friend's triangle and the visitor's dot: the last two datasets.
      dotsOnTop([2, 3]),
    ],
  };
}

/** A sentence for screen readers and the caption: where a dot stands on both axes, e.g. "Your dot: Love over Duty, Reason over Honor.". */
export function describeLean(position: Position, whose = 'Your'): string {
  return `${whose} dot: ${axesOf(position)}.`;
}

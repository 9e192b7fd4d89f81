import type { ChartConfiguration, Plugin, ScatterDataPoint } from 'chart.js';
import type { Position } from '../../core/scoring.ts';
import { CHART_INK, VALUE_COLORS } from '../palette.ts';
import { withAlpha } from './color.ts';

/** The two plots of respondents: on their normalized values, and rescaled to the crowd's range. */
export type ScatterPlot = 'scatter' | 'relative';

/** Which dot was clicked: one of all the respondents, or one of the highlighted matches. */
export interface PickedDot {
  layer: 'respondents' | 'highlighted';
  index: number;
}

export interface ScatterInput {
  positions: readonly Position[];
  /** Dots drawn on top, larger and in the highlight colour (search matches). */
  highlighted?: readonly Position[];
  onPick?: (dot: PickedDot) => void;
}

/** The crowd's dot colour, opaque so that each dot reads the same on screen. */
export const RESPONDENT_DOT = VALUE_COLORS.duty.bright;
export const HIGHLIGHT_DOT = CHART_INK.highlight;

const LAYERS: PickedDot['layer'][] = ['respondents', 'highlighted'];

/** Sort keys hold the index below this; x above it, in steps of 1 / X_STEPS. */
const INDEX_LIMIT = 2 ** 22;
const X_STEPS = 2 ** 20;

/**
 * Points as Chart.js keeps them, sorted by x as it requires of data it does
 * not parse, with `order[i]`, the index in `positions` of the i-th point.
 * Each point's x and index are packed into one number, so that the typed
 * array's native numeric sort does the work: a comparator sort of thousands
 * of points is a long task of its own. Two dots closer than 1 / X_STEPS
 * (far below a pixel) keep their input order.
 */
function sortedPoints(positions: readonly Position[]): { data: ScatterDataPoint[]; order: number[] } {
  if (positions.length >= INDEX_LIMIT) throw new RangeError(`too many points to sort: ${positions.length}`);
  const keys = new Float64Array(positions.length);
  for (let i = 0; i < positions.length; i++) {
    keys[i] = Math.round((positions[i]!.x + 1) * X_STEPS) * INDEX_LIMIT + i;
  }
  keys.sort();
  const order = new Array<number>(keys.length);
  const data = new Array<ScatterDataPoint>(keys.length);
  for (let k = 0; k < keys.length; k++) {
    const i = keys[k]! % INDEX_LIMIT;
    order[k] = i;
    data[k] = { x: positions[i]!.x, y: positions[i]!.y };
  }
  return { data, order };
}

/**
 * A click reaches the chart's onClick with the dots under it, and nothing
 * else happens: Chart.js would first work out the hover state for the event
 * and, since the dot under a click becomes "hovered", redraw every one of
 * thousands of dots within the tap.
 */
const CLICK_WITHOUT_HOVER: Plugin<'scatter'> = {
  id: 'clickWithoutHover',
  beforeEvent(chart, { event }) {
    if (event.type === 'click' && event.native && typeof chart.options.onClick === 'function') {
      const under = chart.getElementsAtEventForMode(event.native, 'nearest', { intersect: true }, false);
      chart.options.onClick.call(chart, event, under, chart);
    }
    return false;
  },
};

/** Beyond this many dots, they are drawn smaller and translucent. */
export const CROWDED = 1000;

function axis(title: string) {
  return {
    type: 'linear' as const,
    min: -1,
    max: 1,
    title: { display: true, text: title, color: CHART_INK.text, font: { size: 13 } },
    // Written as they are (-1 to 1 by halves): Chart.js's own tick format would build the page's first Intl.NumberFormat, a long task.
    ticks: { color: CHART_INK.muted, stepSize: 0.5, callback: (value: number | string) => String(value) },
    grid: { color: CHART_INK.grid },
    border: { color: CHART_INK.muted },
  };
}

/**
 * A scatterplot of respondents on the quiz's axes: Honor on the left,
 * Reason on the right, Duty at the bottom, Love at the top.
 */
export function respondentScatter({
  positions,
  highlighted = [],
  onPick,
}: ScatterInput): ChartConfiguration<'scatter', ScatterDataPoint[]> {
  const crowded = positions.length > CROWDED;
  const layers = [sortedPoints(positions), sortedPoints(highlighted)];
  return {
    type: 'scatter',
    plugins: [CLICK_WITHOUT_HOVER],
    data: {
      datasets: [
        {
          label: 'Respondents',
          data: layers[0]!.data,
          // Thousands of dots overlap: translucent ones let density show through.
          backgroundColor: crowded ? withAlpha(RESPONDENT_DOT, 0.5) : RESPONDENT_DOT,
          borderWidth: 0,
          pointRadius: crowded ? 2 : 5,
          pointHoverRadius: 7,
          order: 1,
        },
        {
          label: 'Matches',
          data: layers[1]!.data,
          backgroundColor: HIGHLIGHT_DOT,
          borderColor: VALUE_COLORS.love.bright,
          borderWidth: 2,
          pointRadius: 8,
          pointHoverRadius: 10,
          // Drawn last, on top of the crowd.
          order: 0,
        },
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: true,
      aspectRatio: 1,
      /*
       * Thousands of points, given as Chart.js keeps them, so it takes them
       * as they are. Its other switches for large data do not apply here:
       * `normalized` speaks to time scales, decimation to line charts.
       */
      parsing: false,
      animation: false,
      // Only a pick listens, and only to clicks: a tap or a move over the dots costs nothing.
      events: onPick ? ['click'] : [],
      interaction: { mode: 'nearest', intersect: true },
      scales: {
        x: axis('Honor ← → Reason'),
        y: axis('Duty ← → Love'),
      },
      plugins: {
        legend: { display: false },
        tooltip: { enabled: false },
      },
      onClick: (_event, elements) => {
        if (!onPick || elements.length === 0) return;
        // Matches lie on top of the crowd, so a click on one means the match.
        const top = [...elements].sort((a, b) => b.datasetIndex - a.datasetIndex)[0]!;
        onPick({ layer: LAYERS[top.datasetIndex] ?? 'respondents', index: layers[top.datasetIndex]?.order[top.index] ?? top.index });
      },
    },
  };
}

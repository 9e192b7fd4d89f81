import type { Chart, ChartConfiguration, Plugin, ScatterDataPoint } from 'chart.js';
import type { Position } from '../../core/scoring.ts';
import { chartPalette, type ChartPalette } from '../palette.ts';
import { withAlpha } from './color.ts';
import { crowdDots } from './crowd-dots.ts';
import { sortedPoints } from './sorted-points.ts';

/** The two plots of respondents: on their normalized values, and rescaled to the crowd's range. */
export type ScatterPlot = 'scatter' | 'relative';

/** Which dot was clicked: one of all the respondents, or one of the highlighted matches. */
export interface PickedDot {
  layer: 'respondents' | 'highlighted';
  index: number;
}

export interface ScatterInput {
  positions: readonly Position[];
  onPick?: (dot: PickedDot) => void;
  /**
   * The dots drawn over the plot (`matchesOverlay`: the search matches), as
   * they are at the moment of a click: a click on one picks it. Read then,
   * not built in, so that new matches leave this chart as it is.
   */
  highlighted?: () => readonly Position[];
}

/** The crowd's dot color, opaque so that each dot reads the same on screen. */
export const respondentDot = (palette: ChartPalette): string => palette.values.duty.bright;
/** The ring of a search's match. */
export const highlightDot = (palette: ChartPalette): string => palette.ink.highlight;

/**
 * A click reaches the chart's onClick, which finds the dot under it, and
 * nothing else happens: Chart.js would first work out the hover state for
 * the event and redraw the chart within the tap.
 */
const CLICK_WITHOUT_HOVER: Plugin<'scatter'> = {
  id: 'clickWithoutHover',
  beforeEvent(chart, { event }) {
    if (event.type === 'click' && event.native && typeof chart.options.onClick === 'function') {
      chart.options.onClick.call(chart, event, [], chart);
    }
    return false;
  },
};

/** Beyond this many dots, they are drawn smaller and translucent. */
const CROWDED = 1000;

/** A crowded plot's dot: translucent (the palette's `crowdAlpha`), so that dense places read stronger. */
export const crowdedDot = (palette: ChartPalette): string => withAlpha(respondentDot(palette), palette.crowdAlpha);

/**
 * One of the plot's axes. `ink: 'none'` lays it out the same but draws it
 * in no color: an overlay then has the plot's chart area, to the pixel.
 */
function axis(title: string, ink: 'drawn' | 'none' = 'drawn') {
  /*
   * Asked of the palette whenever Chart.js draws the axis. It resolves every
   * color of a scale so (a function is called at drawing), though its types
   * list only a fixed color for a title and a border.
   */
  const inked = (drawn: (palette: ChartPalette) => string): string =>
    ink === 'drawn' ? ((() => drawn(chartPalette())) as unknown as string) : 'transparent';
  return {
    type: 'linear' as const,
    min: -1,
    max: 1,
    title: { display: true, text: title, color: inked((p) => p.ink.text), font: { size: 13 } },
    // Written as they are (-1 to 1 by halves): Chart.js's own tick format would build the page's first Intl.NumberFormat, a long task.
    ticks: { color: inked((p) => p.ink.muted), stepSize: 0.5, callback: (value: number | string) => String(value) },
    grid: { color: inked((p) => p.ink.grid) },
    border: { color: inked((p) => p.ink.muted) },
  };
}

const AXIS_TITLES = { x: 'Honor ← → Reason', y: 'Duty ← → Love' } as const;

/**
 * A match as drawn, a ring whose middle lets the crowd beneath show (filled
 * discs of a search that matched many hid the whole plot), and how far from
 * its center a click still hits it (Chart.js's own hit radius is 1).
 */
const MATCH_RADIUS = 6;
const MATCH_BORDER = 2;
const MATCH_HIT = MATCH_RADIUS + MATCH_BORDER / 2 + 2;

/** The ring around the dot picked last, by a click or the arrow keys: wider than a match's, in another color. */
const PICKED_RADIUS = 11;
const PICKED_BORDER = 3;

/** Which of `dots` (their index) lies under the pixel (x, y) of `chart`, the nearest one if several. */
function dotAt(
  chart: Pick<Chart, 'scales'>,
  x: number,
  y: number,
  dots: readonly Position[],
  reach: number,
): number | null {
  let found: number | null = null;
  let nearest = reach * reach;
  dots.forEach((dot, i) => {
    const dx = chart.scales.x!.getPixelForValue(dot.x) - x;
    const dy = chart.scales.y!.getPixelForValue(dot.y) - y;
    const distance = dx * dx + dy * dy;
    if (distance <= nearest) {
      nearest = distance;
      found = i;
    }
  });
  return found;
}

/** What the plot and its overlay share, so that both lay out the same. */
const SCATTER_OPTIONS = {
  /*
   * Chart.js pads the chart area by its largest dot, so that a dot on the
   * edge shows whole: the matches' larger dots would make the overlay's
   * area smaller than the plot's. A padding fixed for both, as large as the
   * largest ring, keeps the two to the pixel.
   */
  layout: { padding: PICKED_RADIUS + PICKED_BORDER },
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
  plugins: {
    legend: { display: false },
    tooltip: { enabled: false },
  },
} as const;

/**
 * A scatterplot of respondents on the quiz's axes: Honor on the left,
 * Reason on the right, Duty at the bottom, Love at the top.
 */
export function respondentScatter({
  positions,
  onPick,
  highlighted,
}: ScatterInput): ChartConfiguration<'scatter', ScatterDataPoint[]> {
  // Thousands of dots overlap: translucent ones let density show through.
  const dot =
    positions.length > CROWDED
      ? { radius: 2, color: () => crowdedDot(chartPalette()) }
      : { radius: 5, color: () => respondentDot(chartPalette()) };
  return {
    type: 'scatter',
    plugins: [CLICK_WITHOUT_HOVER, crowdDots(positions, dot)],
    data: {
      datasets: [
        {
          label: 'Respondents',
          // Painted by crowdDots, in slices: as Chart.js points, thousands of them were long tasks.
          data: [],
          backgroundColor: dot.color,
          borderWidth: 0,
          pointRadius: dot.radius,
        },
      ],
    },
    options: {
      ...SCATTER_OPTIONS,
      // Only a pick listens, and only to clicks: a tap or a move over the dots costs nothing.
      events: onPick ? ['click'] : [],
      scales: { x: axis(AXIS_TITLES.x), y: axis(AXIS_TITLES.y) },
      onClick: (event, _elements, chart) => {
        if (!onPick || event.x === null || event.y === null) return;
        // Matches lie on top of the crowd, so a click on one means the match.
        const match = dotAt(chart, event.x, event.y, highlighted?.() ?? [], MATCH_HIT);
        // As Chart.js would hit a point of this radius: one pixel beyond it.
        const crowd = match === null ? dotAt(chart, event.x, event.y, positions, dot.radius + 1) : null;
        if (match !== null) onPick({ layer: 'highlighted', index: match });
        else if (crowd !== null) onPick({ layer: 'respondents', index: crowd });
      },
    },
  };
}

/**
 * The matches of a search, and the dot picked last, drawn over
 * `respondentScatter` on a canvas of their own with the same (unseen) axes:
 * a new search or pick redraws a handful of rings, not the thousands of
 * dots beneath them. Clicks pass through to the plot.
 */
export function matchesOverlay(
  highlighted: readonly Position[],
  picked: Position | null = null,
): ChartConfiguration<'scatter', ScatterDataPoint[]> {
  return {
    type: 'scatter',
    data: {
      datasets: [
        {
          label: 'Matches',
          data: sortedPoints(highlighted),
          backgroundColor: 'transparent',
          borderColor: () => highlightDot(chartPalette()),
          borderWidth: MATCH_BORDER,
          pointRadius: MATCH_RADIUS,
        },
        {
          label: 'Picked',
          data: picked ? [{ x: picked.x, y: picked.y }] : [],
          backgroundColor: 'transparent',
          borderColor: () => chartPalette().marks.picked,
          borderWidth: PICKED_BORDER,
          pointRadius: PICKED_RADIUS,
        },
      ],
    },
    options: {
      ...SCATTER_OPTIONS,
      events: [],
      scales: { x: axis(AXIS_TITLES.x, 'none'), y: axis(AXIS_TITLES.y, 'none') },
    },
  };
}

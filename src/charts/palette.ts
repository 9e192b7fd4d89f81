import type { Value } from '../core/values.ts';
import type { Scheme } from '../styles/scheme-colors.ts';

/**
 * Every color a chart draws with, in one color scheme. The colors the page
 * also has are the same values as global.css's tokens of that scheme
 * (tests/core/palette-contrast.test.ts keeps them equal), and each is held
 * to WCAG AA against what it is drawn on (tests/charts/palette-contrast.test.ts).
 */
export interface ChartPalette {
  /** Painted under the results charts and the heatmap, so that a saved image is readable off the page: --bg-raised. */
  readonly background: string;
  /** The page under the aggregate charts, which sit unpainted: --bg, and the top of the body's gradient, --glow. */
  readonly page: readonly [string, string];
  /**
   * The four values: `bright` for the visitor's own bars and the values'
   * names (the page's --love etc.), `dark` a deeper shade of it, for
   * averages and the pie's borders. The comparison's caption tells the bars
   * apart so ("Bright bars", "Dark bars"), in either scheme.
   */
  readonly values: Readonly<Record<Value, { readonly bright: string; readonly dark: string }>>;
  /** Text, quieter text, the grid, and the visitor's own dot and a search's matches. */
  readonly ink: { readonly text: string; readonly muted: string; readonly grid: string; readonly highlight: string };
  /** The two inks a heatmap cell's numbers choose between, whichever stands out more from the cell. */
  readonly cellInks: readonly [string, string];
  /** A heatmap cell of 0: no color of any value, so that 0 never reads as "a few". */
  readonly emptyCell: string;
  /**
   * The second dot of a comparison, the faint marks of the literary figures,
   * the visitor's earlier results, and the ring around a picked respondent on
   * /hehe (the focus ring's color, --focus).
   */
  readonly marks: { readonly friend: string; readonly figure: string; readonly trail: string; readonly picked: string };
  /**
   * The opacity of a dot in a crowded plot: translucent enough that dense
   * places read stronger, opaque enough that a lone dot stands at 3:1 on the page.
   */
  readonly crowdAlpha: number;
}

export const CHART_PALETTES: Readonly<Record<Scheme, ChartPalette>> = {
  dark: {
    background: '#1d1a16',
    page: ['#14120f', '#1f1b16'],
    values: {
      love: { bright: '#e8798c', dark: '#b6475c' },
      duty: { bright: '#7fa6e0', dark: '#476daa' },
      honor: { bright: '#e2bd6a', dark: '#836929' },
      reason: { bright: '#7fcfb3', dark: '#337861' },
    },
    ink: { text: '#e9e4d8', muted: '#a39d90', grid: 'rgba(233, 228, 216, 0.14)', highlight: '#ffffff' },
    cellInks: ['#ffffff', '#000000'],
    emptyCell: 'rgba(233, 228, 216, 0.035)',
    marks: {
      friend: '#f2b36b',
      figure: 'rgba(233, 228, 216, 0.55)',
      trail: 'rgba(243, 217, 143, 0.6)',
      picked: '#f3d98f',
    },
    crowdAlpha: 0.65,
  },
  light: {
    background: '#fffcf5',
    page: ['#f6f1e7', '#fffaf0'],
    values: {
      love: { bright: '#a8334b', dark: '#74202f' },
      duty: { bright: '#2d5b9e', dark: '#1c3d6e' },
      honor: { bright: '#7a5710', dark: '#533a08' },
      reason: { bright: '#1d6b53', dark: '#114a39' },
    },
    ink: { text: '#1f1b16', muted: '#5a5346', grid: 'rgba(31, 27, 22, 0.14)', highlight: '#000000' },
    cellInks: ['#ffffff', '#000000'],
    emptyCell: 'rgba(31, 27, 22, 0.035)',
    marks: {
      friend: '#a85400',
      figure: 'rgba(31, 27, 22, 0.55)',
      trail: 'rgba(122, 87, 16, 0.9)',
      picked: '#7a5710',
    },
    crowdAlpha: 0.75,
  },
};

/** The query of global.css's light block: the charts take the palette the page around them has. */
const LIGHT_QUERY = '(prefers-color-scheme: light)';

/** The scheme the page is drawn in now; dark where there is no browser to ask, as on global.css's :root. */
export function currentScheme(): Scheme {
  return typeof matchMedia === 'function' && matchMedia(LIGHT_QUERY).matches ? 'light' : 'dark';
}

/** The palette to draw with now: read at draw time, so that a drawing after a change of scheme takes the new one. */
export function chartPalette(scheme: Scheme = currentScheme()): ChartPalette {
  return CHART_PALETTES[scheme];
}

/** Calls `listener` whenever the system's scheme changes; returns the unsubscribe. */
export function onSchemeChange(listener: () => void): () => void {
  if (typeof matchMedia !== 'function') return () => {};
  const query = matchMedia(LIGHT_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/** Serif ink that matches the page; canvas text cannot read CSS variables. */
export const CHART_FONT_FAMILY = "'Iowan Old Style', 'Palatino Linotype', Palatino, Georgia, serif";

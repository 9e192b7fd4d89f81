import type { Value } from '../core/values.ts';

/**
 * Fixed colors of the four values, everywhere a chart shows them: the
 * visitor's own bars use `bright`, averages and crowds use `dark`. Each is a
 * mark at 3:1 or more on the charts' and the page's backgrounds (WCAG
 * 1.4.11; tests/charts/palette-contrast.test.ts).
 */
export const VALUE_COLORS: Record<Value, { bright: string; dark: string }> = {
  love: { bright: '#e8798c', dark: '#b6475c' },
  duty: { bright: '#7fa6e0', dark: '#476daa' },
  honor: { bright: '#e2bd6a', dark: '#836929' },
  reason: { bright: '#7fcfb3', dark: '#337861' },
};

/** Ink and grid colors of the charts, on the dark page; `dark` is the ink on a light fill (a heatmap's strong cell). */
export const CHART_INK = {
  text: '#e9e4d8',
  muted: '#a39d90',
  grid: 'rgba(233, 228, 216, 0.14)',
  highlight: '#ffffff',
  dark: '#000000',
} as const;

/**
 * The page's background where the aggregate charts sit unpainted: the
 * `--bg` token, and the lighter top of the body's gradient. Kept here
 * beside the CSS for the contrast of what is drawn on it.
 */
export const PAGE_BACKGROUNDS = ['#14120f', '#1f1b16'] as const;

/** Serif ink that matches the page; canvas text cannot read CSS variables. */
export const CHART_FONT_FAMILY = "'Iowan Old Style', 'Palatino Linotype', Palatino, Georgia, serif";

/** Painted under every results chart, so that a saved image is readable off the page. */
export const CHART_BACKGROUND = '#1d1a16';

/**
 * The second dot of a comparison, the faint marks of the literary figures,
 * the visitor's earlier results, and the ring around a picked respondent on
 * /hehe (the focus ring's color, --focus).
 */
export const CHART_MARKS = {
  friend: '#f2b36b',
  figure: 'rgba(233, 228, 216, 0.55)',
  trail: 'rgba(243, 217, 143, 0.6)',
  picked: '#f3d98f',
} as const;

import type { Value } from '../core/values.ts';

/**
 * Fixed colours of the four values, everywhere a chart shows them: the
 * visitor's own bars use `bright`, averages and crowds use `dark`.
 */
export const VALUE_COLORS: Record<Value, { bright: string; dark: string }> = {
  love: { bright: '#e8798c', dark: '#8a3646' },
  duty: { bright: '#7fa6e0', dark: '#34507d' },
  honor: { bright: '#e2bd6a', dark: '#7d6427' },
  reason: { bright: '#7fcfb3', dark: '#2f6f5a' },
};

/** Ink and grid colours of the charts, on the dark page. */
export const CHART_INK = {
  text: '#e9e4d8',
  muted: '#a39d90',
  grid: 'rgba(233, 228, 216, 0.14)',
  highlight: '#ffffff',
} as const;

/** Serif ink that matches the page; canvas text cannot read CSS variables. */
export const CHART_FONT_FAMILY = "'Iowan Old Style', 'Palatino Linotype', Palatino, Georgia, serif";

/** Painted under every results chart, so that a saved image is readable off the page. */
export const CHART_BACKGROUND = '#1d1a16';

/** The second dot of a comparison, the faint marks of the literary figures, and the visitor's earlier results. */
export const CHART_MARKS = {
  friend: '#f2b36b',
  figure: 'rgba(233, 228, 216, 0.55)',
  trail: 'rgba(243, 217, 143, 0.6)',
} as const;

/**
 * The page's background in each color scheme, for what cannot read CSS: the
 * theme-color meta tags and the web app manifest. global.css holds the same
 * values as its --bg token; tests/core/scheme-colors.test.ts keeps them equal.
 */
export const SCHEMES = {
  dark: { background: '#14120f' },
  light: { background: '#f6f1e7' },
} as const;

export type Scheme = keyof typeof SCHEMES;

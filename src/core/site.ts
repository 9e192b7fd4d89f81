/** What the whole site shares: its name, the pages search engines must not list, and when islands hydrate. */

export const SITE_NAME = 'Map your Contradictions';

/** The password-gated page of named respondents. */
export const HIDDEN_PAGE_PATH = '/hehe';

/** Pages no search engine should list: the sitemap leaves them out and they carry noindex (robots.txt names none, so crawlers read it). */
export const HIDDEN_PATHS: readonly string[] = [HIDDEN_PAGE_PATH];

/** A page's title: its own name, then the site's; the home page is the site's name alone. */
export function pageTitle(page?: string): string {
  return page ? `${page} · ${SITE_NAME}` : SITE_NAME;
}

/**
 * Every island hydrates `client:idle` with this: in the first idle moment
 * after the page has painted, and after this long at the latest (a phone kept
 * busy may offer none for long). Its code is then requested after the first
 * paint, not during it: with `client:load` the modules' download counted into
 * the page's simulated LCP on a slow phone (0.81–0.98 s on "/" against
 * 0.67–0.68 s). A tap before then is held and played back (early-taps.js).
 */
export const HYDRATE_WHEN_IDLE = { timeout: 1000 } as const;

/** What the whole site shares: its name, and the pages search engines must not list. */

export const SITE_NAME = 'Map your Contradictions';

/** The password-gated page of named respondents. */
export const HIDDEN_PAGE_PATH = '/hehe';

/** Pages no search engine should list: the sitemap leaves them out and they carry noindex (robots.txt names none, so crawlers read it). */
export const HIDDEN_PATHS: readonly string[] = [HIDDEN_PAGE_PATH];

/** A page's title: its own name, then the site's; the home page is the site's name alone. */
export function pageTitle(page?: string): string {
  return page ? `${page} · ${SITE_NAME}` : SITE_NAME;
}

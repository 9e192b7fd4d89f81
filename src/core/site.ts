/** What the whole site shares: its name, and the pages search engines must not list (the titles: titles.ts). */

export const SITE_NAME = 'Map your Contradictions';

/** The password-gated page of named respondents. */
const HIDDEN_PAGE_PATH = '/hehe';

/** Pages no search engine should list: the sitemap leaves them out and they carry noindex (robots.txt names none, so crawlers read it). */
export const HIDDEN_PATHS: readonly string[] = [HIDDEN_PAGE_PATH];

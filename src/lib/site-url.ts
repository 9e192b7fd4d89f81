/**
 * The public address a build publishes its pages under: canonical links,
 * og:url and og:image, the sitemap. Read by astro.config.mjs before anything
 * is built, beside the Supabase variables (supabase-env.ts).
 */

/** Where `npm start` serves the site by default, the address of a build for the local server. */
const LOCAL_SITE_URL = 'http://localhost:4321';

/** The server's own HOST and PORT (server/config.ts reads the same two). */
export interface LocalAddress {
  host?: string | undefined;
  port?: string | undefined;
}

/**
 * Where the local server answers, from its HOST and PORT: a server started
 * on another port publishes that port in its canonical links. A host that
 * means every address (0.0.0.0, ::) is reached as localhost; port 0, any
 * free port, is known only once listening, so the default stands for it.
 */
export function localSiteUrl({ host, port }: LocalAddress = {}): string {
  const name = !host || host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  const number = port && port !== '0' ? port : new URL(LOCAL_SITE_URL).port;
  return `http://${name}:${number}`;
}

/**
 * SITE_URL, checked. A build for the local server may leave it out; a
 * hosted build may not, or every shared link and preview card would point
 * at localhost. Throws, naming SITE_URL, when it is missing for a hosted
 * build, is not an http(s) address, or has a path: the site is built for
 * the root of its origin (its links and assets start at "/"), so under
 * https://example.org/quiz/ every canonical link would name
 * https://example.org/ instead.
 */
export function siteUrl(value: string | undefined, hosted: boolean, local: LocalAddress = {}): string {
  if (!value) {
    if (!hosted) return localSiteUrl(local);
    throw new Error(
      'SITE_URL is missing: the Supabase variables make this a hosted build, and without its public address ' +
        `every canonical link, og:url, og:image and the sitemap would point at ${LOCAL_SITE_URL}. ` +
        'Set SITE_URL to the address the site is published under, e.g. https://contradictions.example.org.',
    );
  }
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new Error(`SITE_URL must be an absolute address such as https://contradictions.example.org, not "${value}"`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error(`SITE_URL must be an http or https address, not "${value}"`);
  }
  if (parsed.pathname !== '/' || parsed.search || parsed.hash) {
    throw new Error(
      `SITE_URL must be the root of its origin, such as ${parsed.origin}, not "${value}": ` +
        'the site is built to be served from the root of its own origin, not under a path',
    );
  }
  return value;
}

import type { APIRoute } from 'astro';
import { HIDDEN_PATHS } from '../core/site.ts';

/** Everything may be crawled except the hidden page; the sitemap lists what is worth it. */
export const GET: APIRoute = ({ site }) => {
  if (!site) throw new Error('robots.txt needs `site` in astro.config.mjs for the sitemap address');
  const disallowed = HIDDEN_PATHS.map((path) => `Disallow: ${path}`);
  const body = ['User-agent: *', 'Allow: /', ...disallowed, '', `Sitemap: ${new URL('/sitemap.xml', site)}`, ''];
  return new Response(body.join('\n'), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};

import type { APIRoute } from 'astro';

/**
 * Everything may be crawled; the sitemap lists what is worth it. The hidden
 * page is not named here: a crawler kept out of it would never read its
 * noindex, and the file would point everyone at it.
 */
export const GET: APIRoute = ({ site }) => {
  if (!site) throw new Error('robots.txt needs `site` in astro.config.mjs for the sitemap address');
  const body = ['User-agent: *', 'Allow: /', '', `Sitemap: ${new URL('/sitemap.xml', site)}`, ''];
  return new Response(body.join('\n'), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};

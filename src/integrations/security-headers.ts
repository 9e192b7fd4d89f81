import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { HEADER_ONLY_DIRECTIVES, formatHeadersFile, siteHeaderRules, unitePolicies } from './static-headers.ts';

const META_POLICY = /<meta\s+http-equiv="content-security-policy"\s+content="([^"]*)"/i;

function decodeAttribute(value: string): string {
  return value.replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');
}

/** index.html is "/", values/love.html is "/values/love". */
function pagePath(htmlFile: string): string {
  const path = `/${htmlFile.split(sep).join('/')}`.replace(/\.html$/, '');
  return path === '/index' ? '/' : path.replace(/\/index$/, '');
}

/**
 * Writes _headers into a built site: the security headers and caching rules
 * of static-headers.ts, with one Content-Security-Policy that carries the
 * hashes Astro computed for every page's inline scripts and styles (read
 * back from each page's <meta> policy). A page without that policy is an
 * error: security.csp must be on. Returns the number of pages.
 */
export async function writeHeadersFile(outDir: string): Promise<number> {
  const pages = (await readdir(outDir, { recursive: true })).filter((f) => f.endsWith('.html')).sort();
  const policies = await Promise.all(
    pages.map(async (page) => {
      const match = META_POLICY.exec(await readFile(join(outDir, page), 'utf8'));
      if (!match?.[1]) throw new Error(`${page} has no Content-Security-Policy <meta>: is security.csp enabled?`);
      return decodeAttribute(match[1]);
    }),
  );
  const policy = unitePolicies([...policies, ...HEADER_ONLY_DIRECTIVES]);
  await writeFile(join(outDir, '_headers'), formatHeadersFile(siteHeaderRules(policy, pages.map(pagePath))));
  return pages.length;
}

export function securityHeaders(): AstroIntegration {
  return {
    name: 'security-headers',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const pages = await writeHeadersFile(fileURLToPath(dir));
        logger.info(`_headers written for ${pages} pages`);
      },
    },
  };
}

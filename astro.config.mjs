// @ts-check
import { defineConfig, envField } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { createHash } from 'node:crypto';
import { relative } from 'node:path';
import { loadEnv } from 'vite';
import { figureSummaries } from './src/figures/summaries.ts';
import { offline } from './src/integrations/offline.ts';
import { precompress } from './src/integrations/precompress.ts';
import { securityHeaders } from './src/integrations/security-headers.ts';
import { sitemapAlias } from './src/integrations/sitemap-alias.ts';
import { apiOriginOf, cspDirectives } from './src/integrations/static-headers.ts';
import { speed } from './src/speed/integration.ts';
import { siteUrl } from './src/lib/site-url.ts';
import { hostedProject } from './src/lib/supabase-env.ts';

// Read as astro:env reads them (environment or .env files). A URL without a
// key, or a key without the URL, stops the build here, naming the variable;
// the policy lets the site reach the project's API.
const publicEnv = loadEnv(process.env.NODE_ENV ?? 'production', process.cwd(), 'PUBLIC_');
const project = hostedProject(publicEnv);
if (project && !publicEnv.PUBLIC_SUPABASE_PUBLISHABLE_KEY) {
  console.warn(
    'PUBLIC_SUPABASE_ANON_KEY is the legacy anon key; Supabase deprecates those keys: set PUBLIC_SUPABASE_PUBLISHABLE_KEY instead.',
  );
}
const supabaseVariable = () => envField.string({ context: 'client', access: 'public', optional: true });

// The public address the pages are published under (canonical URLs, sitemap):
// a hosted build without it stops here, naming SITE_URL.
const site = siteUrl(process.env.SITE_URL, project !== undefined, { host: process.env.HOST, port: process.env.PORT });

// Pages no search engine should list: the sitemap leaves them out and they carry noindex.
import { HIDDEN_PATHS } from './src/core/site.ts';
// Shared results' pages stand in for "/" with their own preview; they carry noindex and stay out of the sitemap.
import { CELL_PAGES } from './src/core/map.ts';
// What the service worker shows offline in place of a page it never keeps.
import { OFFLINE_PAGE_PATH } from './src/offline/protocol.ts';

/** @type {(name: string, file: string) => string} */
const cssModuleClass = (name, file) =>
  `${name}_${createHash('sha256').update(relative(process.cwd(), file)).digest('hex').slice(0, 5)}`;

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file' },
  // CSS modules' class names as the local name and a hash of the file,
  // without Vite's leading underscore and line number: the names are in the
  // islands' code too, which "/" loads before any interaction.
  vite: { css: { modules: { generateScopedName: cssModuleClass } } },
  // No page shows code, and Shiki's highlighting writes inline styles, which the policy below would block.
  markdown: { syntaxHighlight: false },
  env: {
    schema: {
      PUBLIC_SUPABASE_URL: envField.string({ context: 'client', access: 'public', optional: true, url: true }),
      PUBLIC_SUPABASE_PUBLISHABLE_KEY: supabaseVariable(),
      PUBLIC_SUPABASE_ANON_KEY: supabaseVariable(),
    },
  },
  // Astro hashes its inline scripts and styles into each page's policy, so neither needs 'unsafe-inline'.
  security: { csp: { directives: cspDirectives(apiOriginOf(project?.url)) } },
  integrations: [
    react(),
    // The speed techniques' build side: docs/architecture.md, "Speed techniques".
    speed(),
    figureSummaries(),
    sitemap({
      filter: (page) =>
        ![...HIDDEN_PATHS, CELL_PAGES, OFFLINE_PAGE_PATH].some((hidden) => new URL(page).pathname.startsWith(hidden)),
    }),
    sitemapAlias(),
    securityHeaders(),
    // After every page is written: it lists them for the service worker's precache.
    offline(),
    // Last: it compresses what the others wrote.
    precompress(),
  ],
});

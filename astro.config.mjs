// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { loadEnv } from 'vite';
import { figureSummaries } from './src/integrations/figure-summaries.ts';
import { precompress } from './src/integrations/precompress.ts';
import { securityHeaders } from './src/integrations/security-headers.ts';
import { sitemapAlias } from './src/integrations/sitemap-alias.ts';
import { apiOriginOf, cspDirectives } from './src/integrations/static-headers.ts';

// The public address the pages are published under (canonical URLs, sitemap).
const site = process.env.SITE_URL || 'http://localhost:4321';

// Read as the browser bundle reads it (environment or .env files), so the policy lets the site reach its API.
const { PUBLIC_SUPABASE_URL } = loadEnv(process.env.NODE_ENV ?? 'production', process.cwd(), 'PUBLIC_');

// Pages no search engine should list; robots.txt disallows them and they carry noindex.
import { HIDDEN_PATHS } from './src/core/site.ts';
// Shared results' pages stand in for "/" with their own preview; they carry noindex and stay out of the sitemap.
import { CELL_PAGES } from './src/core/map.ts';

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file', inlineStylesheets: 'always' }, // a stylesheet request would hold back the first paint
  // Astro hashes its inline scripts and styles into each page's policy, so neither needs 'unsafe-inline'.
  vite: {
    plugins: [
      {
        // Every stylesheet is inlined, so Vite's loader for a lazy chunk's CSS
        // and its preloading of the chunk's imports would be a kilobyte of
        // script on "/" for nothing; the lazy chunks (results, charts,
        // history) are fetched ahead of need instead. Astro sets this option
        // itself at the top level, so it is set for the browser build here.
        name: 'no-module-preload',
        configEnvironment(name) {
          return name === 'client' ? { build: { modulePreload: false } } : undefined;
        },
      },
    ],
  },
  security: { csp: { directives: cspDirectives(apiOriginOf(PUBLIC_SUPABASE_URL)) } },
  integrations: [
    react(),
    figureSummaries(),
    sitemap({ filter: (page) => ![...HIDDEN_PATHS, CELL_PAGES].some((hidden) => new URL(page).pathname.startsWith(hidden)) }),
    sitemapAlias(),
    securityHeaders(),
    // Last: it compresses what the others wrote.
    precompress(),
  ],
});

// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { sitemapAlias } from './src/integrations/sitemap-alias.ts';

// The public address the pages are published under (canonical URLs, sitemap).
const site = process.env.SITE_URL || 'http://localhost:4321';

// Pages no search engine should list; robots.txt disallows them and they carry noindex.
const HIDDEN_PATHS = ['/hehe'];

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file', inlineStylesheets: 'always' }, // a stylesheet request would hold back the first paint
  integrations: [
    react(),
    sitemap({ filter: (page) => !HIDDEN_PATHS.some((hidden) => new URL(page).pathname.startsWith(hidden)) }),
    sitemapAlias(),
  ],
});

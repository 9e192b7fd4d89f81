// @ts-check
import { fileURLToPath } from 'node:url';
import { defineConfig, envField } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { loadEnv } from 'vite';
import { figureSummaries } from './src/figures/summaries.ts';
import { hydrateAfterPaint } from './src/integrations/hydrate-after-paint.ts';
import { precompress } from './src/integrations/precompress.ts';
import { securityHeaders } from './src/integrations/security-headers.ts';
import { sitemapAlias } from './src/integrations/sitemap-alias.ts';
import { apiOriginOf, cspDirectives } from './src/integrations/static-headers.ts';
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
const site = siteUrl(process.env.SITE_URL, project !== undefined);

// Pages no search engine should list: the sitemap leaves them out and they carry noindex.
import { HIDDEN_PATHS } from './src/core/site.ts';
// Shared results' pages stand in for "/" with their own preview; they carry noindex and stay out of the sitemap.
import { CELL_PAGES } from './src/core/map.ts';

// React, its DOM renderer, Astro's client for it and nanostores: what every
// island needs, as one chunk, which gzips smaller than the four pieces the
// default splitting makes of it.
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react|nanostores|@nanostores[\\/]react)[\\/]/;

// "/"'s own code, as one chunk: what its island imports statically and no
// other island does. Left to itself, the splitting cuts it into five chunks,
// each shared with a screen that loads later (the question and results
// screens, the overlays, the history code); one chunk gzips some 950 B
// smaller, which keeps "/" within its budget (tests/build/page-weight.test.ts).
// Its modules' dependencies stay where they are (includeDependenciesRecursively:
// false), so the other islands load none of it; a shared module never imports
// one of "/"'s own, so no chunk cycle can arise. An island added to the site
// belongs in OTHER_ISLANDS, or it may load "/"'s chunk (tests/build/home-chunk.test.ts
// holds every built page to it).
const HOME_CHUNK = 'home';
const HOME_ISLAND = fileURLToPath(new URL('./src/islands/Home.tsx', import.meta.url));
const OTHER_ISLANDS = ['Insights.tsx', 'HiddenPage.tsx'].map((file) =>
  fileURLToPath(new URL(`./src/islands/${file}`, import.meta.url)),
);
/** @typedef {{ getModuleInfo(id: string): { importedIds: readonly string[] } | null }} Chunking */
/** @type {WeakMap<Chunking, Set<string>>} */
const homeOnlyModules = new WeakMap();

/** @param {Chunking} ctx @param {string} entry */
function staticallyImported(ctx, entry) {
  /** @type {Set<string>} */
  const seen = new Set();
  /** @param {string} id */
  const visit = (id) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) visit(next);
  };
  visit(entry);
  return seen;
}

/** The chunk a module goes to when it is "/"'s own. @param {string} id @param {Chunking} ctx */
function homeChunk(id, ctx) {
  let own = homeOnlyModules.get(ctx);
  if (!own) {
    const others = new Set(OTHER_ISLANDS.flatMap((entry) => [...staticallyImported(ctx, entry)]));
    own = new Set([...staticallyImported(ctx, HOME_ISLAND)].filter((m) => !others.has(m)));
    homeOnlyModules.set(ctx, own);
  }
  return own.has(id) ? HOME_CHUNK : null;
}

// The chunks whose functions all run once the page is used: V8 compiles a
// function the first time it is called, so a visitor's first tap used to
// compile React's event and commit code on the main thread (84 functions,
// 14-24 ms at 4x CPU within Start Quiz). Chrome compiles a script marked so
// (its explicit compile hint) eagerly, while it streams in, off the main
// thread; other browsers read a comment. The framework's modules end up in
// the chunk of Astro's React client, so that chunk is found by what it holds.
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
/** @param {{ name: string, moduleIds: readonly string[] }} chunk */
const compiledEagerly = (chunk) => chunk.name === HOME_CHUNK || chunk.moduleIds.some((id) => FRAMEWORK.test(id));

// The module Vite imports its dynamic-import helper from.
const PRELOAD_HELPER = '\0vite/preload-helper.js';

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file', inlineStylesheets: 'always' }, // a stylesheet request would hold back the first paint
  // No page shows code, and Shiki's highlighting writes inline styles, which the policy below would block.
  markdown: { syntaxHighlight: false },
  // Astro hashes its inline scripts and styles into each page's policy, so neither needs 'unsafe-inline'.
  vite: {
    plugins: [
      {
        // Vite wraps every dynamic import() in a helper that preloads the
        // chunk's dependencies and stylesheets. Here every stylesheet is
        // inlined and module preloading is off (below), so each call it
        // wraps has nothing to preload: the helper, most of a kilobyte on
        // "/", only runs the import. This is that helper without the rest.
        name: 'plain-dynamic-import',
        enforce: 'pre',
        applyToEnvironment: (environment) => environment.name === 'client',
        resolveId: (id) => (id === PRELOAD_HELPER ? id : undefined),
        load: (id) => (id === PRELOAD_HELPER ? 'export const __vitePreload = (load) => load();' : undefined),
      },
      {
        // Every stylesheet is inlined, so Vite's loader for a lazy chunk's CSS
        // and its preloading of the chunk's imports would be a kilobyte of
        // script on "/" for nothing; the lazy chunks (results, charts,
        // history) are fetched ahead of need instead. Astro sets this option
        // itself at the top level, so it is set for the browser build here.
        //
        // Reading a property counts as a side effect by default, which keeps
        // every Chart.js class whose static fields read another's (the time
        // scales, radar, polar area) although nothing uses it; our code and
        // its libraries have no getters that must run for their effect.
        name: 'no-module-preload',
        configEnvironment(name) {
          return name === 'client'
            ? {
                build: {
                  modulePreload: false,
                  rolldownOptions: {
                    treeshake: { propertyReadSideEffects: false },
                    // Lets an island's entry chunk carry what other chunks import from it, as the home group needs.
                    preserveEntrySignatures: 'allow-extension',
                    output: {
                      codeSplitting: {
                        includeDependenciesRecursively: false,
                        groups: [{ name: 'framework', test: FRAMEWORK }, { name: homeChunk }],
                      },
                      // After minification, which would drop the comment.
                      postBanner: (chunk) => (compiledEagerly(chunk) ? COMPILE_HINT : ''),
                    },
                  },
                },
              }
            : undefined;
        },
      },
    ],
  },
  env: {
    schema: {
      PUBLIC_SUPABASE_URL: envField.string({ context: 'client', access: 'public', optional: true, url: true }),
      PUBLIC_SUPABASE_PUBLISHABLE_KEY: supabaseVariable(),
      PUBLIC_SUPABASE_ANON_KEY: supabaseVariable(),
    },
  },
  security: { csp: { directives: cspDirectives(apiOriginOf(project?.url)) } },
  integrations: [
    react(),
    hydrateAfterPaint(),
    figureSummaries(),
    sitemap({
      filter: (page) => ![...HIDDEN_PATHS, CELL_PAGES].some((hidden) => new URL(page).pathname.startsWith(hidden)),
    }),
    sitemapAlias(),
    securityHeaders(),
    // Last: it compresses what the others wrote.
    precompress(),
  ],
});

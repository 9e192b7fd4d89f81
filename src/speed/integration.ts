/**
 * The build side of the site's speed techniques, as one integration: the
 * `client:painted` directive and the browser build's settings. What each
 * buys is in docs/speed.md.
 */
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'rolldown';
import type { Plugin } from 'vite';

// React, its DOM renderer, Astro's client for it and nanostores: what every
// island needs, as one chunk, which gzips smaller than the pieces the
// default splitting makes of it.
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react|nanostores|@nanostores[\\/]react)[\\/]/;

// "/"'s island: its entry chunk holds the quiz's own code.
const HOME_ISLAND = fileURLToPath(new URL('../islands/Home.tsx', import.meta.url));

// The chunks whose functions all run once "/" is used: V8 compiles a
// function the first time it is called, so without the hint a visitor's
// first tap compiles React's event and commit code on the main thread.
// Chrome compiles a script marked so (its explicit compile hint) eagerly,
// while it streams in, off the main thread; other browsers read a comment.
// The framework's modules end up in the chunk of Astro's React client, so
// that chunk is found by what it holds.
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
const compiledEagerly = (chunk: { facadeModuleId: string | null; moduleIds: readonly string[] }) =>
  chunk.facadeModuleId === HOME_ISLAND || chunk.moduleIds.some((id) => FRAMEWORK.test(id));

// The module Vite imports its dynamic-import helper from.
const PRELOAD_HELPER = '\0vite/preload-helper.js';

/**
 * Vite wraps every dynamic import() in a helper that preloads the chunk's
 * dependencies and stylesheets. Every stylesheet is inlined and module
 * preloading is off (below), so each call it wraps has nothing to preload:
 * this is that helper without the rest (tests/build/dynamic-imports.test.ts).
 */
const plainDynamicImport: Plugin = {
  name: 'plain-dynamic-import',
  enforce: 'pre',
  applyToEnvironment: (environment) => environment.name === 'client',
  resolveId: (id) => (id === PRELOAD_HELPER ? id : undefined),
  load: (id) => (id === PRELOAD_HELPER ? 'export const __vitePreload = (load) => load();' : undefined),
};

/**
 * The browser build's settings. Astro sets modulePreload itself at the top
 * level, so it is set for the browser build here. Reading a property counts
 * as a side effect by default, which keeps every Chart.js class whose static
 * fields read another's although nothing uses it; our code and its libraries
 * have no getters that must run for their effect.
 */
const browserBuild: Plugin = {
  name: 'browser-build',
  configEnvironment(name) {
    if (name !== 'client') return undefined;
    return {
      build: {
        modulePreload: false,
        rolldownOptions: {
          treeshake: { propertyReadSideEffects: false },
          // Lets Astro's client entry carry the framework group (what other chunks import from it).
          preserveEntrySignatures: 'allow-extension',
          output: {
            codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK }] },
            // After minification, which would drop the comment.
            postBanner: (chunk) => (compiledEagerly(chunk) ? COMPILE_HINT : ''),
          },
        },
      },
    };
  },
};

/** The module a page imports a script from that it writes into its HTML, to run as it is parsed. */
export const SHARED_COPY_MODULE = 'virtual:shared-copy-script';
const SHARED_COPY_ENTRY = fileURLToPath(new URL('../islands/quiz/shared-copy-inline.ts', import.meta.url));

/**
 * The shared result's copy (islands/quiz/shared-copy.ts) as one minified
 * classic script, for a page to inline where it must run before the first
 * paint: no request, no module graph. Its hash goes into the page's
 * Content-Security-Policy, since Astro hashes only the scripts it bundles.
 */
const inlineScript: Plugin = {
  name: 'inline-script',
  resolveId: (id) => (id === SHARED_COPY_MODULE ? `\0${id}` : undefined),
  async load(id) {
    if (id !== `\0${SHARED_COPY_MODULE}`) return undefined;
    const bundle = await build({
      input: SHARED_COPY_ENTRY,
      write: false,
      logLevel: 'warn',
      output: { format: 'iife', minify: true },
    });
    const script = bundle.output[0].code.trim();
    const hash = `sha256-${createHash('sha256').update(script).digest('base64')}`;
    return `export const SCRIPT = ${JSON.stringify(script)};\nexport const HASH = ${JSON.stringify(hash)};\n`;
  },
};

export function speed(): AstroIntegration {
  return {
    name: 'speed',
    hooks: {
      'astro:config:setup': ({ addClientDirective, updateConfig }) => {
        // `client:painted`, the one way the site's islands hydrate (client-painted.ts).
        addClientDirective({
          name: 'painted',
          entrypoint: fileURLToPath(new URL('./client-painted.ts', import.meta.url)),
        });
        updateConfig({
          // A stylesheet request would hold back the first paint.
          build: { inlineStylesheets: 'always' },
          vite: { plugins: [plainDynamicImport, browserBuild, inlineScript] },
        });
      },
    },
  };
}

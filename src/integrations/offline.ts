/**
 * Installable and offline after one visit: after the build, the app icons
 * (PNGs drawn from public/logo.svg), the web app manifest, and the service
 * worker (src/offline/service-worker.ts bundled, with the list Workbox's
 * getManifest makes of what to precache). What is cached and why:
 * docs/offline.md.
 */
import { readFile, readdir, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import sharp from 'sharp';
import { build } from 'vite';
import { getManifest } from 'workbox-build';
import { HIDDEN_PATHS, SITE_NAME } from '../core/site.ts';
import { CELL_PAGES } from '../core/map.ts';
import { ICONS, MANIFEST_PATH, NOT_FOUND_PATH, OFFLINE_PAGE_PATH, WORKER_PATH } from '../offline/protocol.ts';
import { SCHEMES } from '../styles/scheme-colors.ts';

/** A maskable icon may be cut to a circle of 80% of its width: the logo keeps within 70%. */
const MASKABLE_LOGO_SHARE = 0.7;

const LOGO = fileURLToPath(new URL('../../public/logo.svg', import.meta.url));
const WORKER_SOURCE = fileURLToPath(new URL('../offline/service-worker.ts', import.meta.url));

/** Pages kept out of the precache: the hidden page, whose content is the respondents', and the shared results' stand-ins for "/". */
const ONLINE_ONLY = [...HIDDEN_PATHS, CELL_PAGES];
const onlineOnly = (path: string) => ONLINE_ONLY.some((prefix) => path.startsWith(prefix));

/** index.html is "/", values/love.html is "/values/love", 404.html stays as it is (no address serves it). */
function pageAddress(file: string): string {
  if (file === NOT_FOUND_PATH.slice(1)) return NOT_FOUND_PATH;
  const path = `/${file}`.replace(/\.html$/, '');
  return path === '/index' ? '/' : path;
}

// A chunk names the chunks it imports, statically or not, as "./name.hash.js".
const CHUNK_REFERENCE = /["'`]\.\/([\w.-]+\.js)["'`]/g;
const PAGE_CHUNK_REFERENCE = /\/_astro\/([\w.-]+\.js)/g;

/**
 * The script chunks any page but the online-only ones may load, now or
 * later: a chunk only the hidden page loads stays out of the precache.
 */
async function chunksOfPublicPages(dir: string, pages: readonly string[]): Promise<Set<string>> {
  const reached = new Set<string>();
  const queue: string[] = [];
  for (const page of pages) {
    const html = await readFile(join(dir, page), 'utf8');
    for (const [, chunk] of html.matchAll(PAGE_CHUNK_REFERENCE)) if (chunk) queue.push(chunk);
  }
  while (queue.length > 0) {
    const chunk = queue.pop() as string;
    if (reached.has(chunk)) continue;
    reached.add(chunk);
    const source = await readFile(join(dir, '_astro', chunk), 'utf8');
    for (const [, next] of source.matchAll(CHUNK_REFERENCE)) if (next) queue.push(next);
  }
  return reached;
}

async function writeIcons(dir: string, background: string): Promise<void> {
  const logo = await readFile(LOGO);
  await mkdir(join(dir, 'icons'), { recursive: true });
  for (const icon of ICONS) {
    const file = join(dir, ...icon.src.split('/'));
    if (icon.purpose === 'any') {
      await sharp(logo, { density: (72 * icon.size) / 32 })
        .resize(icon.size, icon.size)
        .png()
        .toFile(file);
      continue;
    }
    const inner = Math.round(icon.size * MASKABLE_LOGO_SHARE);
    const drawn = await sharp(logo, { density: (72 * inner) / 32 })
      .resize(inner, inner)
      .png()
      .toBuffer();
    await sharp({ create: { width: icon.size, height: icon.size, channels: 4, background } })
      .composite([{ input: drawn, gravity: 'centre' }])
      .png()
      .toFile(file);
  }
}

async function writeWebManifest(dir: string, colors: { background: string }): Promise<void> {
  const manifest = {
    name: SITE_NAME,
    short_name: 'Contradictions',
    description: 'A short quiz that places you between Love, Duty, Honor and Reason.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: colors.background,
    theme_color: colors.background,
    icons: ICONS.map((icon) => ({
      src: icon.src,
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.purpose,
    })),
  };
  await writeFile(join(dir, MANIFEST_PATH.slice(1)), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** Bundles the worker with what it precaches written in. */
async function writeWorker(dir: string, entries: unknown[], onlineOnlyPages: string[]): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    define: {
      'process.env.NODE_ENV': JSON.stringify('production'),
      __PRECACHE_ENTRIES__: JSON.stringify(entries),
      __ONLINE_ONLY_PAGES__: JSON.stringify(onlineOnlyPages),
    },
    build: {
      outDir: dir,
      emptyOutDir: false,
      minify: true,
      lib: { entry: WORKER_SOURCE, formats: ['iife'], name: 'serviceWorker', fileName: () => WORKER_PATH.slice(1) },
    },
  });
}

async function writeOfflineFiles(dir: string): Promise<{ files: number; bytes: number }> {
  // The manifest holds one scheme: the one the site was first made in.
  const colors = SCHEMES.dark;
  await writeIcons(dir, colors.background);
  await writeWebManifest(dir, colors);

  const pages = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.html'));
  const publicPages = pages.filter((page) => !onlineOnly(pageAddress(page)));
  const chunks = await chunksOfPublicPages(dir, publicPages);
  const allChunks = (await readdir(join(dir, '_astro'))).filter((f) => f.endsWith('.js'));
  const { manifestEntries, count, size, warnings } = await getManifest({
    globDirectory: dir,
    globPatterns: ['**/*.{html,js,css,svg,png,woff2,webmanifest}'],
    globIgnores: [
      WORKER_PATH.slice(1),
      'cards/**',
      ...pages.filter((page) => !publicPages.includes(page)),
      ...allChunks.filter((chunk) => !chunks.has(chunk)).map((chunk) => `_astro/${chunk}`),
    ],
    // Astro's file names change with their content; pages are checked by a hash of theirs.
    dontCacheBustURLsMatching: /^_astro\//,
    manifestTransforms: [
      (entries) => ({
        manifest: entries.map((entry) =>
          entry.url.endsWith('.html') ? { ...entry, url: pageAddress(entry.url) } : { ...entry, url: `/${entry.url}` },
        ),
      }),
    ],
  });
  if (warnings.length > 0) throw new Error(`Workbox: ${warnings.join('; ')}`);
  if (!manifestEntries?.some((entry) => entry.url === OFFLINE_PAGE_PATH)) {
    throw new Error(`the offline page ${OFFLINE_PAGE_PATH} is missing from the build`);
  }
  const onlineOnlyPages = pages.map(pageAddress).filter(onlineOnly);
  await writeWorker(dir, manifestEntries, onlineOnlyPages);
  return { files: count, bytes: size };
}

export function offline(): AstroIntegration {
  return {
    name: 'offline',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const { files, bytes } = await writeOfflineFiles(fileURLToPath(dir));
        logger.info(`service worker precaches ${files} files (${Math.round(bytes / 1024)} KiB)`);
      },
    },
  };
}

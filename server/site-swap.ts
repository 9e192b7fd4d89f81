/**
 * A build never takes the running site down: Astro writes into a new folder
 * beside the site (`<SITE_DIR>.builds/<time>`), and only a finished build is
 * swapped in, by renaming a symbolic link over SITE_DIR in one step. The
 * server follows the link at every request (server/site.ts), so it goes from
 * the whole old site to the whole new one. The build before the newest is
 * kept for the requests still reading it; older ones are removed.
 */
import { spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readlinkSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ASTRO = fileURLToPath(new URL('../node_modules/astro/bin/astro.mjs', import.meta.url));
const PROJECT = fileURLToPath(new URL('..', import.meta.url));

/** How many finished builds stay on disk: the one served and the one before. */
const KEPT_BUILDS = 2;

export const buildsDir = (siteDir: string) => `${resolve(siteDir)}.builds`;

function astroBuild(outDir: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [ASTRO, 'build', '--outDir', outDir], {
      cwd: PROJECT,
      stdio: 'inherit',
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    });
    child.on('error', fail);
    child.on('close', (code) => (code === 0 ? done() : fail(new Error(`astro build failed (exit code ${code})`))));
  });
}

/**
 * Points siteDir at build in one rename. A siteDir that is still a plain
 * folder (made before builds were swapped) is moved among the builds first.
 */
export function swapIn(siteDir: string, build: string): void {
  const site = resolve(siteDir);
  const link = join(dirname(site), `.${basename(site)}.link-${process.pid}`);
  rmSync(link, { force: true });
  symlinkSync(relative(dirname(site), build), link);
  if (existsSync(site) && !lstatSync(site).isSymbolicLink()) {
    renameSync(site, join(buildsDir(site), `0-before-swaps-${Date.now()}`));
  }
  renameSync(link, site);
}

/** Removes all builds but the newest few, never the one siteDir points to. */
function prune(siteDir: string): void {
  const builds = buildsDir(siteDir);
  const served = basename(readlinkSync(siteDir));
  const names = readdirSync(builds).sort();
  for (const name of names.slice(0, Math.max(0, names.length - KEPT_BUILDS))) {
    if (name !== served) rmSync(join(builds, name), { recursive: true, force: true });
  }
}

/** Builds the site into a new folder and swaps it in; a failed build changes nothing. */
export async function buildSite(siteDir: string): Promise<void> {
  const builds = buildsDir(siteDir);
  mkdirSync(builds, { recursive: true });
  // Sorts by time: the names are ISO times, made safe for a file name.
  const build = join(builds, new Date().toISOString().replace(/[:.]/g, '-'));
  try {
    await astroBuild(build);
  } catch (error) {
    rmSync(build, { recursive: true, force: true });
    throw error;
  }
  swapIn(siteDir, build);
  prune(siteDir);
}

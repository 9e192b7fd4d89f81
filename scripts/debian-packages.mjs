/**
 * The Debian packages the tests need, how to tell which this machine lacks,
 * and their one installer. Plain JavaScript without dependencies, because
 * `.ci/run` starts it on the system's Node.js while `npm ci` runs, before the
 * project's own Node.js (which strips TypeScript) is installed; `npm test`
 * calls the same installer. The TypeScript modules that find the engines
 * (chromium.ts, engine-binaries.ts, postgres-binaries.ts, html-checker.ts)
 * read the package names from here.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the program `name` is on the PATH, if it is installed.
 * @param {string} name
 * @returns {string | undefined}
 */
export function onPath(name) {
  return (process.env.PATH ?? '/usr/bin')
    .split(':')
    .map((dir) => join(dir, name))
    .find((p) => existsSync(p));
}

/** Where Debian's chromium (or another Chromium or Chrome) may be. */
export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** Debian's chromium-headless-shell: Chromium's headless-only build, from the same source as chromium. */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** @typedef {'firefox' | 'webkit'} EngineId */

/**
 * Every Debian package each engine besides Chromium needs.
 * @type {Record<EngineId, readonly string[]>}
 */
export const ENGINE_PACKAGES = {
  firefox: ['firefox-esr'],
  webkit: ['webkit2gtk-driver', 'xvfb'],
};

/** The Debian package that brings a Java able to run the Nu HTML Checker. */
export const JAVA_PACKAGE = 'default-jre-headless';

/**
 * pg_cron, which the pg_cron tests' private cluster preloads, for a PostgreSQL major version.
 * @param {number | string} major
 */
export const pgCronPackage = (major) => `postgresql-${major}-cron`;

/**
 * plpgsql_check, which `supabase db lint` needs on the server, for a PostgreSQL major version.
 * @param {number | string} major
 */
export const plpgsqlCheckPackage = (major) => `postgresql-${major}-plpgsql-check`;

/** Where Debian installs each PostgreSQL server, one folder per major version. */
export const DEBIAN_SERVERS = '/usr/lib/postgresql';

/**
 * The majors of every PostgreSQL server installed from Debian, newest first.
 * @returns {string[]}
 */
export function debianPostgresMajors() {
  if (!existsSync(DEBIAN_SERVERS)) return [];
  return readdirSync(DEBIAN_SERVERS)
    .filter((m) => /^\d+$/.test(m) && existsSync(join(DEBIAN_SERVERS, m, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
}

/**
 * Firefox ESR, or the Firefox that FIREFOX_PATH names.
 * @returns {string | undefined}
 */
export function firefoxBinary() {
  const fromEnv = process.env.FIREFOX_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  return onPath('firefox-esr') ?? onPath('firefox');
}

/**
 * The MiniBrowser that webkit2gtk-driver drives, under /usr/lib/<multiarch>/webkit2gtk-4.x/.
 * @returns {string | undefined}
 */
function miniBrowser() {
  for (const arch of existsSync('/usr/lib') ? readdirSync('/usr/lib') : []) {
    for (const api of ['webkit2gtk-4.1', 'webkit2gtk-4.0']) {
      const path = join('/usr/lib', arch, api, 'MiniBrowser');
      if (existsSync(path)) return path;
    }
  }
  return undefined;
}

/** @returns {{ driver?: string | undefined; miniBrowser?: string | undefined; xvfb?: string | undefined }} */
export function webkitBinaries() {
  return { driver: onPath('WebKitWebDriver'), miniBrowser: miniBrowser(), xvfb: onPath('Xvfb') };
}

/**
 * The Debian packages an engine lacks on this machine; none when it can start.
 * @param {EngineId} engine
 * @returns {string[]}
 */
export function missingPackages(engine) {
  if (engine === 'firefox') return firefoxBinary() ? [] : [...ENGINE_PACKAGES.firefox];
  const { driver, miniBrowser: browser, xvfb } = webkitBinaries();
  return [...(driver && browser ? [] : ['webkit2gtk-driver']), ...(xvfb ? [] : ['xvfb'])];
}

/**
 * Each need of the tests with the Debian packages this machine lacks for it.
 * @returns {{ purpose: string; packages: string[] }[]}
 */
function missingDebianPackages() {
  const chromiumPath = process.env.CHROMIUM_PATH;
  const hasChromium = chromiumPath ? existsSync(chromiumPath) : CHROMIUM_CANDIDATES.some((p) => existsSync(p));
  const majors = debianPostgresMajors();
  const lacks = (/** @type {string} */ major, /** @type {string} */ extension) =>
    !existsSync(`/usr/share/postgresql/${major}/extension/${extension}.control`);
  return [
    {
      purpose: 'the end-to-end tests',
      packages: [
        ...(hasChromium ? [] : ['chromium']),
        ...(chromiumPath || existsSync(HEADLESS_SHELL) ? [] : ['chromium-headless-shell']),
      ],
    },
    { purpose: 'the cross-engine tests', packages: [...missingPackages('firefox'), ...missingPackages('webkit')] },
    {
      purpose: 'supabase db lint and the pg_cron tests',
      packages: [
        ...majors.filter((m) => lacks(m, 'plpgsql_check')).map(plpgsqlCheckPackage),
        ...majors.filter((m) => lacks(m, 'pg_cron')).map(pgCronPackage),
      ],
    },
    { purpose: 'the Nu HTML Checker', packages: onPath('java') ? [] : [JAVA_PACKAGE] },
  ].filter((need) => need.packages.length > 0);
}

/**
 * Installs what missingDebianPackages() names, in one apt-get run, when this
 * runs as root with apt; elsewhere the tests that need a package say which.
 * Answers whether everything needed is there.
 * @returns {boolean}
 */
export function installDebianPackages() {
  const needs = missingDebianPackages();
  if (!needs.length) return true;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return false;
  for (const need of needs) console.log(`Installing Debian's ${need.packages.join(', ')} for ${need.purpose}.`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (/** @type {string[]} */ args) => spawnSync('apt-get', args, { stdio: 'inherit', env }).status === 0;
  if (!apt(['update', '-qq'])) {
    console.error('Could not update the list of Debian packages.');
    return false;
  }
  if (apt(['install', '-y', '-qq', ...needs.flatMap((need) => need.packages)])) return true;
  // One package this Debian lacks must not keep the others out: each need then on its own.
  let all = true;
  for (const need of needs) {
    if (apt(['install', '-y', '-qq', ...need.packages])) continue;
    console.error(`Could not install ${need.packages.join(', ')} for ${need.purpose}.`);
    all = false;
  }
  return all;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(installDebianPackages() ? 0 : 1);

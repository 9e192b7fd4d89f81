/**
 * The Supabase settings of a build: a URL without a key, or a key without
 * the URL, stops `astro build` naming the missing variable, as does a hosted
 * build without SITE_URL, and no stand-in key reaches a bundle. The builds with variables run in a copy of the site
 * of their own, sharing no cache with the worktree; the one without is the
 * run's own build (tests/support/run-fixtures.ts).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SUPABASE_VARIABLES, hostedProject } from '../../src/lib/supabase-env.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const URL_VALUE = 'https://abcdefghijklmnop.supabase.co';
const PUBLISHABLE = 'sb_publishable_Zx8TestKeyOnly_q1w2e3';
const STAND_INS = ['local-anon-key', 'own-origin'];
const SITE = 'https://contradictions.example.org';

/** A JWT-shaped legacy key with the given role (the signature is never checked here). */
function legacyKey(role: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ iss: 'supabase', ref: 'abcdefghijklmnop', role })}.c2lnbmF0dXJl`;
}

describe('hostedProject', () => {
  it('is none without variables, and the pair with both', () => {
    expect(hostedProject({})).toBeUndefined();
    expect(hostedProject({ PUBLIC_SUPABASE_URL: '', PUBLIC_SUPABASE_PUBLISHABLE_KEY: '' })).toBeUndefined();
    expect(hostedProject({ PUBLIC_SUPABASE_URL: URL_VALUE, PUBLIC_SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE })).toEqual({
      url: URL_VALUE,
      key: PUBLISHABLE,
    });
  });

  it('still takes the legacy anon key, and prefers the publishable one', () => {
    const anon = legacyKey('anon');
    expect(hostedProject({ PUBLIC_SUPABASE_URL: URL_VALUE, PUBLIC_SUPABASE_ANON_KEY: anon })?.key).toBe(anon);
    const both = {
      PUBLIC_SUPABASE_URL: URL_VALUE,
      PUBLIC_SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE,
      PUBLIC_SUPABASE_ANON_KEY: anon,
    };
    expect(hostedProject(both)?.key).toBe(PUBLISHABLE);
  });

  it('names the missing variable when one of the pair comes alone', () => {
    expect(() => hostedProject({ PUBLIC_SUPABASE_URL: URL_VALUE })).toThrow(
      /^PUBLIC_SUPABASE_PUBLISHABLE_KEY is missing/,
    );
    expect(() => hostedProject({ PUBLIC_SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE })).toThrow(
      /^PUBLIC_SUPABASE_URL is missing/,
    );
    expect(() => hostedProject({ PUBLIC_SUPABASE_ANON_KEY: legacyKey('anon') })).toThrow(
      /^PUBLIC_SUPABASE_URL is missing: PUBLIC_SUPABASE_ANON_KEY is set/,
    );
  });

  it('refuses a secret key, new or legacy', () => {
    expect(() =>
      hostedProject({ PUBLIC_SUPABASE_URL: URL_VALUE, PUBLIC_SUPABASE_PUBLISHABLE_KEY: 'sb_secret_abc' }),
    ).toThrow('PUBLIC_SUPABASE_PUBLISHABLE_KEY holds a secret key');
    expect(() =>
      hostedProject({ PUBLIC_SUPABASE_URL: URL_VALUE, PUBLIC_SUPABASE_ANON_KEY: legacyKey('service_role') }),
    ).toThrow('PUBLIC_SUPABASE_ANON_KEY holds a secret key');
  });
});

describe('astro build with the Supabase variables', () => {
  let site: string;

  beforeAll(() => {
    site = mkdtempSync(join(tmpdir(), 'mc-env-build-'));
    for (const entry of ['astro.config.mjs', 'package.json', 'tsconfig.json', 'src', 'public']) {
      cpSync(join(ROOT, entry), join(site, entry), { recursive: true });
    }
    // The packages are shared; Astro's and Vite's caches in node_modules are not.
    mkdirSync(join(site, 'node_modules'));
    for (const name of readdirSync(join(ROOT, 'node_modules'))) {
      if (!name.startsWith('.')) symlinkSync(join(ROOT, 'node_modules', name), join(site, 'node_modules', name));
    }
  });
  afterAll(() => rmSync(site, { recursive: true, force: true }));

  function build(variables: Record<string, string>, outDir: string) {
    const env: NodeJS.ProcessEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...variables };
    // Only what the case sets; vitest's NODE_ENV=test would pick another mode.
    for (const name of [...SUPABASE_VARIABLES, 'SITE_URL', 'NODE_ENV']) {
      if (!(name in variables)) delete env[name];
    }
    const run = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', outDir], {
      cwd: site,
      env,
      encoding: 'utf8',
    });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  }

  /** Which of the strings some script of a build holds (the bundle is too long to print). */
  function foundInScripts(outDir: string, patterns: (string | RegExp)[]): (string | RegExp)[] {
    const dir = join(outDir, '_astro');
    const bundle = readdirSync(dir)
      .filter((name) => name.endsWith('.js'))
      .map((name) => readFileSync(join(dir, name), 'utf8'))
      .join('\n');
    return patterns.filter((pattern) =>
      typeof pattern === 'string' ? bundle.includes(pattern) : pattern.test(bundle),
    );
  }

  it('stops when the URL comes without a key, naming the key', () => {
    const { status, output } = build({ PUBLIC_SUPABASE_URL: URL_VALUE }, join(site, 'out-url'));
    expect(status).not.toBe(0);
    expect(output).toContain('PUBLIC_SUPABASE_PUBLISHABLE_KEY is missing');
  });

  it('stops when a key comes without the URL, naming the URL', () => {
    const { status, output } = build({ PUBLIC_SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE }, join(site, 'out-key'));
    expect(status).not.toBe(0);
    expect(output).toContain('PUBLIC_SUPABASE_URL is missing');
  });

  it('stops a hosted build without SITE_URL, naming it', () => {
    const outDir = join(site, 'out-no-site');
    const { status, output } = build(
      { PUBLIC_SUPABASE_URL: URL_VALUE, PUBLIC_SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE },
      outDir,
    );
    expect(status).not.toBe(0);
    expect(output).toContain('SITE_URL is missing: the Supabase variables make this a hosted build');
    expect(existsSync(join(outDir, 'index.html'))).toBe(false);
  });

  it('puts the project and its publishable key in the bundle, and no stand-in', () => {
    const outDir = join(site, 'out-hosted');
    const anon = legacyKey('anon');
    const { status, output } = build(
      {
        PUBLIC_SUPABASE_URL: URL_VALUE,
        PUBLIC_SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE,
        PUBLIC_SUPABASE_ANON_KEY: anon,
        SITE_URL: SITE,
      },
      outDir,
    );
    expect(status, output).toBe(0);
    expect(foundInScripts(outDir, [PUBLISHABLE, URL_VALUE, anon, ...STAND_INS])).toEqual([PUBLISHABLE, URL_VALUE]);
    expect(readFileSync(join(outDir, '_headers'), 'utf8')).toContain(`connect-src 'self' ${URL_VALUE}`);
    // Its pages name their public address, not the local server's.
    const home = readFileSync(join(outDir, 'index.html'), 'utf8');
    expect(home).toContain(`<meta property="og:url" content="${SITE}/"`);
    expect(home).not.toContain('localhost');
  });

  it("builds for its own origin without variables, with no project's key or address", () => {
    // The run's own build is this one: made with every Supabase variable left out (run-fixtures.ts).
    const outDir = inject('siteDir');
    // supabase-js itself names the prefix "sb_publishable_"; a key has characters after it.
    const keyOrProject = [/sb_publishable_\w/, /eyJ[\w-]{10,}\./, /https:\/\/\w+\.supabase\.co/];
    expect(foundInScripts(outDir, ['local-anon-key', ...keyOrProject, 'location.origin'])).toEqual(['location.origin']);
  });
});

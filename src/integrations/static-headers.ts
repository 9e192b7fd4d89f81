/**
 * The HTTP headers the site is served with, in one place: the build writes
 * them to dist/_headers (the file Netlify, Cloudflare Pages and similar
 * static hosts read) and the local server applies that same file.
 *
 * The file holds rules: a path pattern at the start of a line, then its
 * headers indented below it. A pattern is an exact path or a prefix ending
 * in `/*`. Every matching rule applies; no two rules matching one path set
 * the same header, because hosts join repeated headers with a comma.
 */

import type { AstroUserConfig } from 'astro';

type CspConfig = Exclude<NonNullable<NonNullable<AstroUserConfig['security']>['csp']>, boolean>;
type CspDirective = NonNullable<CspConfig['directives']>[number];

type HeaderPair = [name: string, value: string];

interface HeaderRule {
  pattern: string;
  headers: HeaderPair[];
}

/** Astro fingerprints everything under /_astro/: a changed file gets a new name. */
const ASSETS_PATTERN = '/_astro/*';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * A missing file is missing for now: a chunk asked for in the middle of a
 * deploy must be asked for again, never kept for the year its address's
 * rule would give it.
 */
export const NOT_FOUND_CACHE = 'no-store';
/** Pages keep their address, so a browser must ask whether they changed (a 304 when not). */
export const REVALIDATE = 'no-cache';

/** Browser features the site never uses, switched off for it and anything it might embed. */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

/**
 * The policy's directives besides script-src and style-src, which Astro
 * writes with the hashes of its inline scripts and styles. The site loads
 * everything from its own origin and calls the database's API there or at
 * the hosted Supabase project.
 */
export function cspDirectives(apiOrigin: string | undefined): CspDirective[] {
  return [
    "default-src 'self'",
    `connect-src 'self'${apiOrigin ? ` ${apiOrigin}` : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ];
}

/**
 * Directives a policy in a <meta> element cannot carry (browsers ignore
 * them there and say so in the console), so the header adds them.
 */
export const HEADER_ONLY_DIRECTIVES = ["frame-ancestors 'none'"];

/** The origin of PUBLIC_SUPABASE_URL, or undefined when none is configured. */
export function apiOriginOf(supabaseUrl: string | undefined): string | undefined {
  if (!supabaseUrl) return undefined;
  let url: URL;
  try {
    url = new URL(supabaseUrl);
  } catch {
    throw new Error(`PUBLIC_SUPABASE_URL must be a URL such as https://<ref>.supabase.co, not "${supabaseUrl}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`PUBLIC_SUPABASE_URL must be an http(s) URL, not "${supabaseUrl}"`);
  }
  return url.origin;
}

/**
 * One policy allowing what any of the given ones allows, directive by
 * directive. Every page carries its own, stricter policy in a <meta>
 * element too, and a browser enforces both.
 */
export function unitePolicies(policies: readonly string[]): string {
  const directives = new Map<string, string[]>();
  for (const policy of policies) {
    for (const directive of policy.split(';')) {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (!name) continue;
      const known = directives.get(name.toLowerCase()) ?? [];
      for (const source of sources) if (!known.includes(source)) known.push(source);
      directives.set(name.toLowerCase(), known);
    }
  }
  return [...directives].map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}

/** Every rule of the site, given its unified policy and the paths of its pages. */
export function siteHeaderRules(policy: string, pagePaths: readonly string[]): HeaderRule[] {
  return [
    {
      pattern: '/*',
      headers: [
        ['Content-Security-Policy', policy],
        ['X-Content-Type-Options', 'nosniff'],
        ['Referrer-Policy', 'same-origin'],
        ['Permissions-Policy', PERMISSIONS_POLICY],
        ['Cross-Origin-Opener-Policy', 'same-origin'],
      ],
    },
    { pattern: ASSETS_PATTERN, headers: [['Cache-Control', IMMUTABLE]] },
    ...pagePaths.map((pattern): HeaderRule => ({ pattern, headers: [['Cache-Control', REVALIDATE]] })),
  ];
}

export function formatHeadersFile(rules: readonly HeaderRule[]): string {
  return (
    rules.map((r) => [r.pattern, ...r.headers.map(([name, value]) => `  ${name}: ${value}`)].join('\n')).join('\n\n') +
    '\n'
  );
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: [] });
      continue;
    }
    const separator = line.indexOf(':');
    const rule = rules.at(-1);
    if (!rule || separator < 0)
      throw new Error(`_headers line ${index + 1} is neither a path nor "Name: value": ${line}`);
    rule.headers.push([line.slice(0, separator).trim(), line.slice(separator + 1).trim()]);
  }
  return rules;
}

function matches(pattern: string, path: string): boolean {
  if (pattern.endsWith('/*')) return path.startsWith(pattern.slice(0, -1));
  return path === pattern;
}

/** The headers every rule matching the path sets, in the file's order. */
export function headersFor(rules: readonly HeaderRule[], path: string): HeaderPair[] {
  return rules.filter((r) => matches(r.pattern, path)).flatMap((r) => r.headers);
}

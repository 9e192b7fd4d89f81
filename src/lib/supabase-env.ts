/**
 * Which hosted Supabase project a build talks to. The build checks its
 * environment with hostedProject() (astro.config.mjs) before anything is
 * built; the browser reads the same variables through astro:env
 * (lib/backend.ts), preferring the keys in the order projectKey() does.
 */

/** The build's variables, as the environment or a .env file gives them. */
interface SupabaseEnv {
  PUBLIC_SUPABASE_URL?: string | undefined;
  /** Supabase's publishable key, `sb_publishable_…`. */
  PUBLIC_SUPABASE_PUBLISHABLE_KEY?: string | undefined;
  /** The legacy anon key (a JWT), still accepted while projects have one. */
  PUBLIC_SUPABASE_ANON_KEY?: string | undefined;
}

/** Their names, for whoever builds with a clean environment (the tests). */
export const SUPABASE_VARIABLES = [
  'PUBLIC_SUPABASE_URL',
  'PUBLIC_SUPABASE_PUBLISHABLE_KEY',
  'PUBLIC_SUPABASE_ANON_KEY',
] as const satisfies readonly (keyof SupabaseEnv)[];

export interface HostedProject {
  url: string;
  key: string;
}

/** The key a page sends: the publishable key, or else the legacy anon key. */
function projectKey(env: SupabaseEnv): string | undefined {
  return env.PUBLIC_SUPABASE_PUBLISHABLE_KEY || env.PUBLIC_SUPABASE_ANON_KEY || undefined;
}

/** The `role` claim of a legacy key, which is a JWT; undefined for anything else. */
function jwtRole(key: string): unknown {
  const payload = key.split('.')[1];
  if (!payload) return undefined;
  try {
    return (JSON.parse(atob(payload.replaceAll('-', '+').replaceAll('_', '/'))) as { role?: unknown }).role;
  } catch {
    return undefined;
  }
}

/**
 * The project the build is for, or undefined when none is configured (the
 * site then calls its own origin, where the local server answers). Throws,
 * naming the variable, when the URL comes without a key (every call would be
 * refused) or a key without the URL (it would go unused), and when the key
 * is one that must never be published.
 */
export function hostedProject(env: SupabaseEnv): HostedProject | undefined {
  const url = env.PUBLIC_SUPABASE_URL || undefined;
  const key = projectKey(env);
  if (!url && !key) return undefined;
  if (!key) {
    throw new Error(
      'PUBLIC_SUPABASE_PUBLISHABLE_KEY is missing: PUBLIC_SUPABASE_URL is set, and the project answers every call without its key with 401. ' +
        'Set PUBLIC_SUPABASE_PUBLISHABLE_KEY (or the legacy PUBLIC_SUPABASE_ANON_KEY), or unset PUBLIC_SUPABASE_URL to build for the local server.',
    );
  }
  const keyName = env.PUBLIC_SUPABASE_PUBLISHABLE_KEY ? 'PUBLIC_SUPABASE_PUBLISHABLE_KEY' : 'PUBLIC_SUPABASE_ANON_KEY';
  if (!url) {
    throw new Error(
      `PUBLIC_SUPABASE_URL is missing: ${keyName} is set, but without the project's URL the site calls its own origin. Set both, or neither.`,
    );
  }
  if (key.startsWith('sb_secret_') || jwtRole(key) === 'service_role') {
    throw new Error(
      `${keyName} holds a secret key, which bypasses row level security: a page must carry the publishable key (sb_publishable_…).`,
    );
  }
  return { url, key };
}

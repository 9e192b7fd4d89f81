/**
 * Where the browser sends its calls, from the build's environment
 * (astro:env; the build has checked it with hostedProject()). Imported
 * only with supabase-js, so that nothing outside the build resolves
 * astro:env.
 */
import { PUBLIC_SUPABASE_ANON_KEY, PUBLIC_SUPABASE_PUBLISHABLE_KEY, PUBLIC_SUPABASE_URL } from 'astro:env/client';
import type { HostedProject } from './supabase-env.ts';

// The local server answers as anon whatever key it is sent, but supabase-js
// wants a non-empty one. A build for a hosted project has checked its key,
// so the bundler folds these constants and leaves this one out.
const OWN_ORIGIN_KEY = 'own-origin';

// Written out rather than through projectKey(), so that the bundler sees constants.
const key = PUBLIC_SUPABASE_PUBLISHABLE_KEY || PUBLIC_SUPABASE_ANON_KEY;

export function backend(): HostedProject {
  return PUBLIC_SUPABASE_URL && key
    ? { url: PUBLIC_SUPABASE_URL, key }
    : { url: globalThis.location.origin, key: OWN_ORIGIN_KEY };
}

/**
 * The early-taps script (early-taps.js says what it does) as a page inlines
 * it: minified at build time, with the hash the page's Content-Security-Policy
 * must allow, since Astro hashes only the scripts it bundles.
 */
import { createHash } from 'node:crypto';
import { minifySync } from 'vite';
import source from './early-taps.js?raw';

export const EARLY_TAPS_SCRIPT = minifySync('early-taps.js', source).code.trim();
export const EARLY_TAPS_HASH = `sha256-${createHash('sha256').update(EARLY_TAPS_SCRIPT).digest('base64')}` as const;

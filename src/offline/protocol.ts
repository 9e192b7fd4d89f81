/**
 * What the pages and the service worker say to each other, and the few
 * addresses both know. The worker and the page are built apart (the worker
 * by src/integrations/offline.ts), so this module holds plain values only:
 * the messages, and the addresses the pages, the worker and the build share.
 */

/** Where the worker is served; its scope is the whole site. */
export const WORKER_PATH = '/sw.js';

/** The worker asks each open page this, with a port for the answer (true or false). */
export const ASK_MID_QUIZ = 'mid-quiz?';

/** Sent to a waiting worker to take over (Workbox's own wording for it). */
export const SKIP_WAITING = 'SKIP_WAITING';

/**
 * How long the worker waits for a page's answer: a page whose module has not
 * loaded cannot be in a quiz, since the quiz starts with a tap.
 */
export const ANSWER_WAIT_MS = 400;

/** The page shown offline for an address that needs the connection (the hidden page, a shared result). */
export const OFFLINE_PAGE_PATH = '/offline';

/** The not-found page, kept for an unknown address asked for offline. */
export const NOT_FOUND_PATH = '/404.html';
/** The web app manifest, linked from every page. */
export const MANIFEST_PATH = '/manifest.webmanifest';
/** The app icons, drawn at build time from public/logo.svg. */
export const ICONS = [
  { src: '/icons/icon-192.png', size: 192, purpose: 'any' },
  { src: '/icons/icon-512.png', size: 512, purpose: 'any' },
  { src: '/icons/maskable-512.png', size: 512, purpose: 'maskable' },
] as const;

/**
 * The service worker: Workbox's precache of what a visitor needs (the list
 * comes from src/integrations/offline.ts, which builds this file into
 * /sw.js), every page served from it, and the one rule of its own: a new
 * version takes over at a navigation, and only while no open page is in
 * the middle of a quiz. Nothing else is cached: the API and the hidden page
 * go to the network only, because no route here matches them.
 */
import { cacheNames, clientsClaim } from 'workbox-core';
import {
  addPlugins,
  cleanupOutdatedCaches,
  getCacheKeyForURL,
  matchPrecache,
  precacheAndRoute,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { ANSWER_WAIT_MS, ASK_MID_QUIZ, NOT_FOUND_PATH, OFFLINE_PAGE_PATH, SKIP_WAITING } from './protocol.ts';

/** Written in at build time: the precache's entries, and the built pages deliberately left out of it. */
declare const __PRECACHE_ENTRIES__: { url: string; revision: string | null }[];
declare const __ONLINE_ONLY_PAGES__: string[];

// The project's type checking has the DOM's types; these are the worker's few of its own.
interface WindowClientLike {
  postMessage(message: unknown, transfer: Transferable[]): void;
}
interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  clients: { matchAll(options: { type: 'window' }): Promise<readonly WindowClientLike[]> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: ExtendableEventLike & { data: unknown }) => void): void;
}
const worker = globalThis as unknown as WorkerScope;

worker.addEventListener('message', (event) => {
  if (event.data === SKIP_WAITING) event.waitUntil(worker.skipWaiting());
});

/** Whether the page behind `client` is in a quiz now; a page that does not answer in time is not. */
function isMidQuiz(client: WindowClientLike): Promise<boolean> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(false), ANSWER_WAIT_MS);
    channel.port1.onmessage = (event: MessageEvent<unknown>) => {
      clearTimeout(timer);
      resolve(event.data === true);
    };
    client.postMessage(ASK_MID_QUIZ, [channel.port2]);
  });
}

async function someoneMidQuiz(): Promise<boolean> {
  const windows = await worker.clients.matchAll({ type: 'window' });
  return (await Promise.all(windows.map(isMidQuiz))).some(Boolean);
}

/**
 * The waiting version's copy of a page. Both versions keep their copies in
 * Workbox's one precache, a page under its address with its revision as
 * the query: the copy that is not this version's is the new one (the same
 * one when the page did not change).
 */
async function newVersionsCopy(path: string): Promise<Response | undefined> {
  const own = getCacheKeyForURL(path);
  const cache = await caches.open(cacheNames.precache);
  const copies = await cache.keys(new URL(path, worker.registration.scope).href, { ignoreSearch: true });
  const copy = copies.find((request) => request.url !== own) ?? copies[0];
  return copy ? cache.match(copy) : undefined;
}

const onlineOnly = new Set(__ONLINE_ONLY_PAGES__);

/**
 * A page: from the precache, else from the network; offline, a page kept
 * out of the precache says it needs the connection and any other address is
 * not found. With a new version waiting and no quiz under way, the new
 * version is let take over and the page is its copy.
 */
async function servePage(request: Request): Promise<Response> {
  const waiting = worker.registration.waiting;
  const path = new URL(request.url).pathname;
  if (waiting && !(await someoneMidQuiz())) {
    // It takes over once this answer is given (a worker with an event under
    // way is never replaced), so the answer is already the new version's.
    waiting.postMessage(SKIP_WAITING);
    const fresh = await newVersionsCopy(path);
    if (fresh) return fresh;
  }
  const kept = await matchPrecache(path);
  if (kept) return kept;
  try {
    return await fetch(request);
  } catch (error) {
    const fallback = await matchPrecache(onlineOnly.has(path) ? OFFLINE_PAGE_PATH : NOT_FOUND_PATH);
    if (fallback) return fallback;
    throw error;
  }
}

// Before the precache's own route, so that every navigation passes here.
registerRoute(
  ({ request }) => request.mode === 'navigate',
  ({ request }) => servePage(request),
);

// The not-found page is kept as the server answers an unknown address: with its 404.
addPlugins([
  {
    cacheWillUpdate: async ({ request, response }) =>
      response.ok || (new URL(request.url).pathname === NOT_FOUND_PATH && response.status === 404) ? response : null,
  },
]);
// Pages never vary with their query (a shared result's is read by the page's script).
precacheAndRoute(__PRECACHE_ENTRIES__, { ignoreURLParametersMatching: [/./], cleanURLs: false });
cleanupOutdatedCaches();
// The first visit's page is served by this version from now on, so it keeps working offline.
clientsClaim();

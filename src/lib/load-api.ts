/**
 * The API client, loaded on first use by everything that calls it: supabase-js
 * weighs on a page that has not saved or fetched anything yet, so no first
 * paint waits for it. One loader, so the module is asked for once.
 */
import { lazyOnce } from './lazy.ts';

export type Api = typeof import('./api.ts');

export const loadApi = lazyOnce((): Promise<Api> => import('./api.ts'));

/**
 * Where Debian puts the engines besides Chromium that visitors use, and
 * which Debian packages bring them. Read by the cross-engine suite
 * (tests/support/cross-engine) and, through debian-packages.mjs, by
 * `npm test` and CI, which install the missing packages when they run as
 * root. The finding lives in debian-packages.mjs, which must run before
 * TypeScript can; this module gives it its types.
 */
import {
  ENGINE_PACKAGES as PACKAGES,
  firefoxBinary as findFirefox,
  missingPackages as missing,
  webkitBinaries as findWebKit,
} from './debian-packages.mjs';

export type EngineId = 'firefox' | 'webkit';

export interface WebKitBinaries {
  driver: string;
  miniBrowser: string;
  xvfb: string;
}

/** Every Debian package each engine needs. */
export const ENGINE_PACKAGES: Record<EngineId, readonly string[]> = PACKAGES;

/** Firefox ESR, or the Firefox that FIREFOX_PATH names. */
export const firefoxBinary: () => string | undefined = findFirefox;

export const webkitBinaries: () => Partial<WebKitBinaries> = findWebKit;

/** The Debian packages an engine lacks on this machine; none when it can start. */
export const missingPackages: (engine: EngineId) => string[] = missing;

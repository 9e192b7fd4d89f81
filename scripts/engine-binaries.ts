/**
 * Where Debian puts the engines besides Chromium that visitors use, and
 * which Debian packages bring them. Read by the cross-engine suite
 * (tests/support/cross-engine) and by `npm test`, which installs the
 * missing packages when it runs as root.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { onPath } from './on-path.ts';

export type EngineId = 'firefox' | 'webkit';

/** Every Debian package each engine needs. */
export const ENGINE_PACKAGES: Record<EngineId, readonly string[]> = {
  firefox: ['firefox-esr'],
  webkit: ['webkit2gtk-driver', 'xvfb'],
};

export interface WebKitBinaries {
  driver: string;
  miniBrowser: string;
  xvfb: string;
}

/** Firefox ESR, or the Firefox that FIREFOX_PATH names. */
export function firefoxBinary(): string | undefined {
  const fromEnv = process.env.FIREFOX_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  return onPath('firefox-esr') ?? onPath('firefox');
}

/** The MiniBrowser that webkit2gtk-driver drives, under /usr/lib/<multiarch>/webkit2gtk-4.x/. */
function miniBrowser(): string | undefined {
  for (const arch of existsSync('/usr/lib') ? readdirSync('/usr/lib') : []) {
    for (const api of ['webkit2gtk-4.1', 'webkit2gtk-4.0']) {
      const path = join('/usr/lib', arch, api, 'MiniBrowser');
      if (existsSync(path)) return path;
    }
  }
  return undefined;
}

export function webkitBinaries(): Partial<WebKitBinaries> {
  return { driver: onPath('WebKitWebDriver'), miniBrowser: miniBrowser(), xvfb: onPath('Xvfb') };
}

/** The Debian packages an engine lacks on this machine; none when it can start. */
export function missingPackages(engine: EngineId): string[] {
  if (engine === 'firefox') return firefoxBinary() ? [] : ['firefox-esr'];
  const { driver, miniBrowser: browser, xvfb } = webkitBinaries();
  return [...(driver && browser ? [] : ['webkit2gtk-driver']), ...(xvfb ? [] : ['xvfb'])];
}

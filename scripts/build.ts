/**
 * npm run build: the static site into a new folder, swapped in over
 * SITE_DIR (default dist) only once it is complete (server/site-swap.ts),
 * so a server running on it never serves half a site.
 */
import { resolve } from 'node:path';
import { readConfig } from '../server/config.ts';
import { buildSite } from '../server/site-swap.ts';

if (import.meta.main) {
  const siteDir = resolve(readConfig().siteDir);
  buildSite(siteDir).then(
    () => console.error(`The site in ${siteDir} is the new build.`),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exitCode = 1;
    },
  );
}

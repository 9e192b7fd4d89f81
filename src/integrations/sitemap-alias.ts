import { copyFile, readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * @astrojs/sitemap writes sitemap-index.xml and sitemap-0.xml ...; crawlers
 * and people look for /sitemap.xml. After the build, sitemap.xml becomes a
 * copy of the one URL set, or of the index once the sitemap is split in parts.
 * Must be listed after the sitemap integration, whose files it reads.
 */
export function sitemapAlias(): AstroIntegration {
  return {
    name: 'sitemap-alias',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const outDir = fileURLToPath(dir);
        const files = await readdir(outDir);
        const parts = files.filter((f) => /^sitemap-\d+\.xml$/.test(f));
        const source = parts.length === 1 ? parts[0] : 'sitemap-index.xml';
        if (!source || !files.includes(source))
          throw new Error(`No ${source ?? 'sitemap'} in ${outDir}: is @astrojs/sitemap listed first?`);
        await copyFile(`${outDir}/${source}`, `${outDir}/sitemap.xml`);
        logger.info(`sitemap.xml written from ${source}`);
      },
    },
  };
}

import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * `client:painted`, the one way the site's islands hydrate: their code is
 * requested once the page has painted from its HTML, never while it paints
 * (client-painted.ts).
 */
export function hydrateAfterPaint(): AstroIntegration {
  return {
    name: 'hydrate-after-paint',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'painted',
          entrypoint: fileURLToPath(new URL('./client-painted.ts', import.meta.url)),
        });
      },
    },
  };
}

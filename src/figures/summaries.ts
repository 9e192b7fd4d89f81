import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { readFigureFiles } from './files.ts';
import { FIGURES_DIR, type FigureSummary } from './schema.ts';

const MODULE_ID = 'virtual:figure-summaries';
const RESOLVED_ID = `\0${MODULE_ID}`;

/**
 * The figures as the results screen needs them, as a module built from the
 * figure files: it travels with the lazily loaded results code, so "/" pays
 * nothing for it on first load, and no essay text reaches the browser.
 */
export function figureSummaries(): AstroIntegration {
  const dir = fileURLToPath(new URL(`../../${FIGURES_DIR}`, import.meta.url));
  return {
    name: 'figure-summaries',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'figure-summaries',
                resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : undefined),
                load(id) {
                  if (id !== RESOLVED_ID) return undefined;
                  this.addWatchFile(dir);
                  const summaries: FigureSummary[] = readFigureFiles(dir).map(({ slug, data }) => ({
                    slug,
                    name: data.name,
                    work: data.work,
                    author: data.author,
                    shares: data.shares,
                    line: data.line,
                  }));
                  return `export default ${JSON.stringify(summaries)};`;
                },
              },
            ],
          },
        });
      },
    },
  };
}

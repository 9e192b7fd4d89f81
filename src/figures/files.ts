/**
 * The literary figures read straight from their Markdown files, for the
 * balance bench, the tests and the build's figure summaries, which run
 * without Astro's content layer. The front matter is read by the function
 * Astro's own loader reads these files with (a real YAML parser), and the
 * files are checked with the collection's own schema, so a figure these
 * accept is one the site builds, read the same way.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFrontmatter } from 'astro/markdown';
import type { FigurePoint } from '../core/nearest-figures.ts';
import { FIGURE_SLUG, FIGURES_DIR, figureSchema, type FigureData } from './schema.ts';

interface FigureFile extends FigurePoint {
  readonly data: FigureData;
  /** The Markdown under the front matter. */
  readonly body: string;
}

/** Splits a Markdown file into its front matter, as Astro reads it, and its body. */
export function parseFrontMatter(
  source: string,
  where = 'front matter',
): { data: Record<string, unknown>; body: string } {
  let parsed: ReturnType<typeof parseFrontmatter>;
  try {
    parsed = parseFrontmatter(source);
  } catch (error) {
    throw new Error(`${where}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (parsed.rawFrontmatter === '') throw new Error(`${where}: no front matter between --- lines`);
  return { data: parsed.frontmatter, body: parsed.content.trim() };
}

/** One figure file, checked: its slug comes from the file name, as in Astro's loader. */
export function parseFigureFile(fileName: string, source: string): FigureFile {
  const slug = basename(fileName, '.md');
  if (!FIGURE_SLUG.test(slug)) throw new Error(`${fileName}: a figure's file name must be a lower-case slug`);
  const { data, body } = parseFrontMatter(source, fileName);
  const parsed = figureSchema.safeParse(data);
  if (!parsed.success) throw new Error(`${fileName}: ${parsed.error.message}`);
  return { slug, shares: parsed.data.shares, data: parsed.data, body };
}

/** Every figure in the folder, in file-name order. */
export function readFigureFiles(
  dir: string = fileURLToPath(new URL(`../../${FIGURES_DIR}`, import.meta.url)),
): FigureFile[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => parseFigureFile(name, readFileSync(join(dir, name), 'utf8')));
}

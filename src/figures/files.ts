/**
 * The literary figures read straight from their Markdown files, for the
 * balance bench, the tests and the build's figure summaries, which run
 * without Astro's content layer. The files are checked with the
 * collection's own schema, so a figure these accept is one the site builds.
 *
 * Front matter is read by a deliberately small parser: `key: value` lines,
 * where a value is a double-quoted string, a number or plain text, and under
 * a bare `key:` one level of indented lines, either all `key: value` (a map)
 * or all `- value` (a list). Anything else (nested lists, multi-line
 * strings, anchors) is refused rather than guessed at.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FigurePoint } from '../core/figures.ts';
import { FIGURE_SLUG, FIGURES_DIR, figureSchema, type FigureData } from './schema.ts';

export interface FigureFile extends FigurePoint {
  readonly data: FigureData;
  /** The Markdown under the front matter. */
  readonly body: string;
}

type Scalar = string | number;
type FrontMatter = Record<string, Scalar | Scalar[] | Record<string, Scalar>>;

const FENCE = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;
const ENTRY = /^( *)([A-Za-z_][\w-]*):(?: +(.*?))? *$/;
const ITEM = /^ +- +(.*?) *$/;

function scalar(raw: string, where: string): Scalar {
  if (raw.startsWith('"')) {
    try {
      const value: unknown = JSON.parse(raw);
      if (typeof value === 'string') return value;
    } catch {
      // reported below
    }
    throw new Error(`${where}: a quoted value must be one double-quoted string`);
  }
  if (/^[-+]?(\d+\.?\d*|\.\d+)$/.test(raw)) return Number(raw);
  // What YAML would read as something other than this text: leave it to quotes.
  if (/^['[{>|&*!%@`#?,-]/.test(raw) || /: | #/.test(raw) || /^(true|false|yes|no|on|off|null|~)$/i.test(raw)) {
    throw new Error(`${where}: put ${raw} in double quotes`);
  }
  return raw;
}

/** Splits a Markdown file into its front matter and its body. */
export function parseFrontMatter(source: string, where = 'front matter'): { data: FrontMatter; body: string } {
  const fenced = FENCE.exec(source);
  if (!fenced) throw new Error(`${where}: no front matter between --- lines`);
  const data: FrontMatter = {};
  // The bare key whose indented lines are being read, and what they have made of it so far.
  let open: { key: string; value?: Scalar[] | Record<string, Scalar> } | undefined;
  for (const [i, line] of fenced[1]!.split(/\r?\n/).entries()) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const at = `${where}, line ${i + 2}`;
    const item = ITEM.exec(line);
    if (item) {
      if (!open || (open.value && !Array.isArray(open.value))) throw new Error(`${at}: unexpected list item`);
      const list: Scalar[] = open.value ?? (data[open.key] = open.value = []);
      list.push(scalar(item[1]!, at));
      continue;
    }
    const entry = ENTRY.exec(line);
    if (!entry) throw new Error(`${at}: expected "key: value", got ${line}`);
    const [, indent = '', key = '', raw] = entry;
    if (indent === '') {
      if (key in data) throw new Error(`${at}: ${key} is given twice`);
      if (raw === undefined) {
        data[key] = {};
        open = { key };
      } else {
        data[key] = scalar(raw, at);
        open = undefined;
      }
    } else {
      if (!open || raw === undefined || Array.isArray(open.value)) throw new Error(`${at}: unexpected indented line`);
      const nested: Record<string, Scalar> = open.value ?? (data[open.key] = open.value = {});
      if (key in nested) throw new Error(`${at}: ${key} is given twice`);
      nested[key] = scalar(raw, at);
    }
  }
  return { data, body: fenced[2]!.trim() };
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
export function readFigureFiles(dir: string = fileURLToPath(new URL(`../../${FIGURES_DIR}`, import.meta.url))): FigureFile[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => parseFigureFile(name, readFileSync(join(dir, name), 'utf8')));
}

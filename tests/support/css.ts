import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every file under `dir` whose name ends with `suffix`, as a path from the working folder, sorted. */
export function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
    .map((entry) => relative('.', join(entry.parentPath, entry.name)))
    .sort();
}

/** The class names a stylesheet's selectors name; what the declarations say is left out. */
export function classesDefinedIn(css: string): Set<string> {
  const selectors = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\{[^{}]*\}/g, '{}');
  return new Set([...selectors.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]!));
}

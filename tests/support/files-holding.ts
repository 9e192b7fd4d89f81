import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `dir` whose bytes hold `text` (UTF-8), as paths below `dir`: what an operator's grep of the data folder finds. */
export function filesHolding(dir: string, text: string): string[] {
  const needle = Buffer.from(text, 'utf8');
  const found: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d)) {
      const path = join(d, entry);
      // A file the database removes while it is read is simply not there.
      const stat = statSync(path, { throwIfNoEntry: false });
      if (stat?.isDirectory()) walk(path);
      else if (stat?.isFile() && readFileSync(path).includes(needle)) found.push(path.slice(dir.length + 1));
    }
  };
  walk(dir);
  return found.sort();
}

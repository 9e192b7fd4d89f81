import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Where the program `name` is on the PATH, if it is installed. */
export function onPath(name: string): string | undefined {
  return (process.env.PATH ?? '/usr/bin')
    .split(':')
    .map((dir) => join(dir, name))
    .find((p) => existsSync(p));
}

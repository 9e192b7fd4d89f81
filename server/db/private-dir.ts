/**
 * The data folder holds every name, the password's hash and, in its
 * write-ahead log, what was removed from the tables until the log is
 * recycled: it is the operator's alone. PGlite's file system sets each
 * file's mode itself after creating it (0666 for most), which no umask
 * narrows; so PGlite is given a file system that keeps group and others
 * out of every mode it sets, the process narrows its umask for what it
 * creates itself (the folder, its lock), and a folder made looser before
 * (by an older version, a copy, a restore) is tightened whole.
 */
import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { NodeFS } from '@electric-sql/pglite/nodefs';

const PRIVATE_UMASK = 0o077;
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Files and folders this process creates from now on are its user's alone,
 * whatever umask it was started with. Entry points call it before opening
 * a data folder: a worker thread may not change the umask, so the library
 * code leaves it to them.
 */
export function createPrivately(): void {
  process.umask(PRIVATE_UMASK);
}

/** Sets every folder under dir (itself included) to 0700 and every file to 0600; links are left as they are. */
export function tightenDataDir(dir: string): void {
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if (stat.isDirectory()) {
      if ((stat.mode & 0o777) !== PRIVATE_DIR_MODE) chmodSync(path, PRIVATE_DIR_MODE);
      for (const entry of readdirSync(path)) walk(join(path, entry));
    } else if ((stat.mode & 0o777) !== PRIVATE_FILE_MODE) {
      chmodSync(path, PRIVATE_FILE_MODE);
    }
  };
  walk(dir);
}

type EmscriptenOptions = Parameters<NodeFS['init']>[1];
type Module = Parameters<NonNullable<EmscriptenOptions['preRun']>[number]>[0];

/** The two NODEFS operations that give a file or folder its mode. */
interface ModeSettingOps {
  mknod(parent: unknown, name: string, mode: number, dev: number): unknown;
  setattr(node: unknown, attr: { mode?: number }): void;
}

const GROUP_AND_OTHERS = 0o077;

/** Keeps group and others out of every mode the module's NODEFS gives a file or folder. */
function maskModes(module: Module): void {
  const ops = (module.NODEFS as unknown as { node_ops: ModeSettingOps }).node_ops;
  const { mknod, setattr } = ops;
  ops.mknod = (parent, name, mode, dev) => mknod(parent, name, mode & ~GROUP_AND_OTHERS, dev);
  ops.setattr = (node, attr) =>
    setattr(node, attr.mode === undefined ? attr : { ...attr, mode: attr.mode & ~GROUP_AND_OTHERS });
}

/** PGlite's file system over a folder on disk, creating and setting only private modes. */
export class PrivateNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(...args);
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [maskModes, ...(emscriptenOpts.preRun ?? [])] } };
  }
}

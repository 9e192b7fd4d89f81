/**
 * Backups while the server runs. PGlite takes one process at a time, so
 * `npm run backup` cannot open a data folder the server holds; it asks the
 * server instead, through a Unix socket inside that folder. The folder is
 * the operator's alone (0700), and so is the socket: no network address
 * ever answers a backup.
 */
import { chmodSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { join } from 'node:path';
import { makeBackup } from './db/backup.ts';
import type { Database } from './db/engine.ts';

const BACKUP_SOCKET = 'backup.sock';
const BACKUP_PATH = '/backup';

export interface BackupSocket {
  close(): Promise<void>;
}

/** Answers GET /backup on dataDir's socket with a whole backup file. */
export async function serveBackups(db: Database, dataDir: string): Promise<BackupSocket> {
  const path = join(dataDir, BACKUP_SOCKET);
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== BACKUP_PATH) {
      res
        .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
        .end(`Only GET ${BACKUP_PATH} is answered here`);
      return;
    }
    makeBackup(db).then(
      (text) => res.writeHead(200, { 'content-type': 'application/sql; charset=utf-8' }).end(text),
      (error: unknown) =>
        res
          .writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
          .end(error instanceof Error ? error.message : String(error)),
    );
  });
  // Whoever holds the folder's lock owns its socket: one left here was a killed server's.
  rmSync(path, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(path, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A backup from the server holding dataDir, or undefined when no server answers there. */
export function backupFromServer(dataDir: string): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: join(dataDir, BACKUP_SOCKET), path: BACKUP_PATH, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (res.statusCode === 200) resolve(text);
        else reject(new Error(`The server could not make the backup: ${text}`));
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined);
      else reject(error);
    });
    req.end();
  });
}

/**
 * A throw-away PostgreSQL cluster that preloads pg_cron, as hosted Supabase
 * does, for the pg_cron test: the machine's own server must not be
 * reconfigured or restarted, and pg_cron can only be preloaded at start.
 * initdb into a temporary folder, start on a free port of 127.0.0.1 with
 * the socket in that folder, create the one database pg_cron works in;
 * stop() stops the cluster and deletes the folder, and so does the test
 * process's exit if stop() never ran.
 */
import { execFile, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { findPostgresServer, pgCronPackage } from '../../scripts/postgres-binaries.ts';
import { freePort } from './free-port.ts';

const run = promisify(execFile);

/** The database pg_cron runs its jobs in (cron.database_name). */
const CRON_DATABASE = 'cron_test';

/** This machine cannot run the cluster at all; the message says what to install or change. */
export class ClusterUnavailable extends Error {}

export interface PgCronCluster {
  /** Connection string of CRON_DATABASE, as the superuser postgres. */
  url: string;
  stop(): Promise<void>;
}

/** initdb refuses root: as root, the cluster's programs run as the postgres user, who owns the folder. */
function clusterUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const [uid, gid] = [id('-u'), id('-g')];
  if (uid.status !== 0 || gid.status !== 0) {
    throw new ClusterUnavailable('running as root and there is no postgres user for initdb to run as');
  }
  return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
}

export async function startPgCronCluster(): Promise<PgCronCluster> {
  const server = findPostgresServer();
  if (!server) {
    throw new ClusterUnavailable(`no PostgreSQL server programs (initdb, pg_ctl) found; install Debian's postgresql`);
  }
  if (!server.hasPgCron) {
    throw new ClusterUnavailable(
      `pg_cron is not installed for PostgreSQL ${server.major}; install it with \`apt-get install -y ${pgCronPackage(server.major)}\``,
    );
  }
  const user = clusterUser();
  const dir = mkdtempSync(join(tmpdir(), 'mc-pg-cron-'));
  const data = join(dir, 'data');
  if (user) chownSync(dir, user.uid, user.gid);
  const program = (name: string, args: string[]) =>
    user
      ? run('runuser', ['-u', 'postgres', '--', join(server.bindir, name), ...args])
      : run(join(server.bindir, name), args);
  const stopSync = () => {
    const bin = join(server.bindir, 'pg_ctl');
    const args = ['stop', '-D', data, '-m', 'immediate', '-w'];
    spawnSync(user ? 'runuser' : bin, user ? ['-u', 'postgres', '--', bin, ...args] : args, { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stopSync);
  try {
    await program('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-locale', '--no-sync']);
    const port = await freePort();
    const options = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c shared_preload_libraries=pg_cron',
      `-c cron.database_name=${CRON_DATABASE}`,
      // pg_cron's jobs connect like any client; "localhost" could be ::1, where nothing listens.
      '-c cron.host=127.0.0.1',
      '-c fsync=off',
    ].join(' ');
    await program('pg_ctl', ['start', '-w', '-t', '60', '-D', data, '-l', join(dir, 'log'), '-o', options]);
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await admin.connect();
    try {
      await admin.query(`create database ${CRON_DATABASE}`);
    } finally {
      await admin.end();
    }
    return {
      url: `postgres://postgres@127.0.0.1:${port}/${CRON_DATABASE}`,
      async stop() {
        process.removeListener('exit', stopSync);
        stopSync();
      },
    };
  } catch (error) {
    process.removeListener('exit', stopSync);
    stopSync();
    throw error;
  }
}

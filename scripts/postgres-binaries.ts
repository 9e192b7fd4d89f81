/**
 * Which PostgreSQL server can run a private cluster with pg_cron. Read by
 * the pg_cron test's private cluster (tests/support/pg-cron-cluster.ts);
 * the Debian packages, and their install by `npm test` and CI, are in
 * debian-packages.mjs.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEBIAN_SERVERS, debianPostgresMajors, pgCronPackage } from './debian-packages.mjs';

export { pgCronPackage };

/** What `<bindir>/pg_config --<item>` says, or undefined without that program. */
function pgConfig(bindir: string, item: string): string | undefined {
  const run = spawnSync(join(bindir, 'pg_config'), [`--${item}`], { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim() : undefined;
}

export interface PostgresServer {
  bindir: string;
  major: string;
  /** Whether pg_cron is installed for this server. */
  hasPgCron: boolean;
}

function describeServer(bindir: string): PostgresServer | undefined {
  if (!existsSync(join(bindir, 'initdb')) || !existsSync(join(bindir, 'pg_ctl'))) return undefined;
  const major = /(\d+)/.exec(pgConfig(bindir, 'version') ?? '')?.[1];
  const sharedir = pgConfig(bindir, 'sharedir');
  const pkglibdir = pgConfig(bindir, 'pkglibdir');
  if (!major || !sharedir || !pkglibdir) return undefined;
  const hasPgCron =
    existsSync(join(sharedir, 'extension', 'pg_cron.control')) && existsSync(join(pkglibdir, 'pg_cron.so'));
  return { bindir, major, hasPgCron };
}

/**
 * A server that can run a cluster of its own: the one `pg_config --bindir`
 * names when it has initdb (Debian's /usr/bin/pg_config may belong to a
 * libpq without a server), else the newest under /usr/lib/postgresql; the
 * first of them with pg_cron, else the first found.
 */
export function findPostgresServer(): PostgresServer | undefined {
  const fromPath = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const bindirs = [
    ...(fromPath.status === 0 ? [fromPath.stdout.trim()] : []),
    ...debianPostgresMajors().map((m) => join(DEBIAN_SERVERS, m, 'bin')),
  ];
  const servers = [...new Set(bindirs)].map(describeServer).filter((s): s is PostgresServer => Boolean(s));
  return servers.find((s) => s.hasPgCron) ?? servers[0];
}

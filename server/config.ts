import { isIP } from 'node:net';
import { readRetentionDays } from './retention.ts';

/** Every setting the local server reads from its environment. */
export interface ServerConfig {
  port: number;
  host: string;
  /** PGlite's data folder, used when no databaseUrl is given. */
  dataDir: string;
  databaseUrl: string | undefined;
  hiddenPagePassword: string | undefined;
  siteDir: string;
  /**
   * The proxies in front of the server, by address (fastify's trustProxy:
   * IPs, CIDR ranges, or proxy-addr's `loopback`, `linklocal`,
   * `uniquelocal`); unset, the socket's address is the client's.
   */
  trustProxy: string | undefined;
  /** How many days names are kept, set at start; undefined leaves the database's setting alone. */
  nameRetentionDays: number | undefined;
}

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  const [ip = '', bits, ...rest] = entry.split('/');
  return (
    NAMED_RANGES.has(entry) || (isIP(ip) > 0 && rest.length === 0 && (bits === undefined || /^\d{1,3}$/.test(bits)))
  );
}

/**
 * The proxies, by address. A count of hops would trust whoever reaches the
 * server directly, so fastify no longer takes one.
 */
function readTrustProxy(value: string | undefined): string | undefined {
  if (!value || value === '0') return undefined;
  const wrong = value.split(',').find((entry) => !isProxyAddress(entry.trim()));
  if (wrong !== undefined) {
    throw new Error(
      `TRUST_PROXY names the proxies in front of the server by address (IPs, CIDR ranges, loopback, linklocal, uniquelocal), not by count: "${wrong}" is none of these`,
    );
  }
  return value;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 4321);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, not "${env.PORT}"`);
  return {
    port,
    host: env.HOST || 'localhost',
    dataDir: env.DATA_DIR || '.data',
    databaseUrl: env.DATABASE_URL || undefined,
    hiddenPagePassword: env.HIDDEN_PAGE_PASSWORD || undefined,
    siteDir: env.SITE_DIR || 'dist',
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    nameRetentionDays: readRetentionDays(env.NAME_RETENTION_DAYS),
  };
}

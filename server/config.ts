import { isIP } from 'node:net';
import { readRetentionDays, type RetentionVariable } from './retention.ts';

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
  /** How many days names and groups are kept, set at start; undefined leaves the database's setting alone. */
  retentionDays: Record<RetentionVariable, number | undefined>;
}

/** A setting the server cannot start with; its message is one line, shown as it is. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

interface Range {
  family: 4 | 6;
  first: bigint;
  last: bigint;
}

const WIDTH = { 4: 32, 6: 128 } as const;

function range(family: 4 | 6, address: bigint, bits: number): Range {
  const hostBits = BigInt(WIDTH[family] - bits);
  const first = (address >> hostBits) << hostBits;
  return { family, first, last: first + (1n << hostBits) - 1n };
}

function ipv4Number(ip: string): bigint {
  return ip.split('.').reduce((sum, part) => (sum << 8n) + BigInt(Number(part)), 0n);
}

function ipv6Number(ip: string): bigint {
  // The URL parser writes any spelling (an embedded IPv4 part, leading zeros) as plain hex groups.
  const plain = new URL(`http://[${ip.split('%')[0]}]`).hostname.slice(1, -1);
  const [head = '', tail] = plain.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.reduce((sum, group) => (sum << 16n) + BigInt(Number.parseInt(group, 16)), 0n);
}

/** What proxy-addr's names stand for. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

const IPV4_MAPPED = range(6, 0xffffn << 32n, 96);

/**
 * The addresses an entry trusts, or undefined when it is no address. An
 * IPv4-mapped IPv6 range is the IPv4 range it maps, as proxy-addr reads it.
 */
function rangesOf(entry: string): Range[] | undefined {
  const named = NAMED_RANGES[entry];
  if (named) return named.flatMap((cidr) => rangesOf(cidr) ?? []);
  const [ip = '', bitsText, ...rest] = entry.split('/');
  const family = isIP(ip);
  if ((family !== 4 && family !== 6) || rest.length > 0) return undefined;
  const bits = bitsText === undefined ? WIDTH[family] : /^\d{1,3}$/.test(bitsText) ? Number(bitsText) : -1;
  if (bits < 0 || bits > WIDTH[family]) return undefined;
  if (family === 4) return [range(4, ipv4Number(ip), bits)];
  const address = ipv6Number(ip);
  if (bits >= 96 && address >= IPV4_MAPPED.first && address <= IPV4_MAPPED.last) {
    return [range(4, address - IPV4_MAPPED.first, bits - 96)];
  }
  return [range(6, address, bits)];
}

/** Whether the ranges together hold every address of the family. */
function coversAll(ranges: Range[], family: 4 | 6): boolean {
  const sorted = ranges.filter((r) => r.family === family).sort((a, b) => (a.first < b.first ? -1 : 1));
  let next = 0n;
  for (const r of sorted) {
    if (r.first > next) return false;
    if (r.last + 1n > next) next = r.last + 1n;
  }
  return next === 1n << BigInt(WIDTH[family]);
}

/**
 * The proxies, by address. A count of hops would trust whoever reaches the
 * server directly, so fastify no longer takes one; ranges that together
 * hold every address would do the same, whatever their spelling.
 */
function readTrustProxy(value: string | undefined): string | undefined {
  if (!value || value === '0') return undefined;
  const ranges: Range[] = [];
  for (const raw of value.split(',')) {
    const entry = raw.trim();
    const found = rangesOf(entry);
    if (!found) {
      throw new ConfigError(
        `TRUST_PROXY names the proxies in front of the server by address (IPs, CIDR ranges, loopback, linklocal, uniquelocal), not by count: "${entry}" is none of these`,
      );
    }
    ranges.push(...found);
  }
  for (const family of [4, 6] as const) {
    if (coversAll(ranges, family)) {
      throw new ConfigError(
        `TRUST_PROXY="${value}" trusts every IPv${family} address: any client could then write its own address in X-Forwarded-For. Name only the proxies in front of the server`,
      );
    }
  }
  return value;
}

/** Where the data lives: the PostgreSQL server DATABASE_URL names, or else PGlite in the folder DATA_DIR. */
export function readDataPlace(env: NodeJS.ProcessEnv = process.env): {
  databaseUrl: string | undefined;
  dataDir: string;
} {
  return { databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR || '.data' };
}

/** The place in words, for a script's last line. */
export function describeDataPlace({
  databaseUrl,
  dataDir,
}: {
  databaseUrl: string | undefined;
  dataDir: string;
}): string {
  return databaseUrl ? `the database at ${new URL(databaseUrl).host}` : `the local database in ${dataDir}`;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 4321);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`PORT must be a port number, not "${env.PORT}"`);
  return {
    port,
    host: env.HOST || 'localhost',
    ...readDataPlace(env),
    hiddenPagePassword: env.HIDDEN_PAGE_PASSWORD || undefined,
    siteDir: env.SITE_DIR || 'dist',
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    retentionDays: {
      NAME_RETENTION_DAYS: readRetentionDays('NAME_RETENTION_DAYS', env.NAME_RETENTION_DAYS),
      GROUP_RETENTION_DAYS: readRetentionDays('GROUP_RETENTION_DAYS', env.GROUP_RETENTION_DAYS),
    },
  };
}

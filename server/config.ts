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
   * How many proxies in front of the server append to X-Forwarded-For; 0
   * means none, and the socket's address is the client's.
   */
  trustedProxies: number;
}

function readTrustProxy(value: string | undefined): number {
  if (!value) return 0;
  const hops = Number(value);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10) {
    throw new Error(`TRUST_PROXY must be the number of proxies in front of the server (0 to 10), not "${value}"`);
  }
  return hops;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 4321);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not "${env.PORT}"`);
  return {
    port,
    host: env.HOST || 'localhost',
    dataDir: env.DATA_DIR || '.data',
    databaseUrl: env.DATABASE_URL || undefined,
    hiddenPagePassword: env.HIDDEN_PAGE_PASSWORD || undefined,
    siteDir: env.SITE_DIR || 'dist',
    trustedProxies: readTrustProxy(env.TRUST_PROXY),
  };
}

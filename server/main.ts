/** `npm start` (with --build) and `npm run serve`: the whole product on one port, over PGlite or DATABASE_URL. */
import { resolve } from 'node:path';
import { SITE_NAME } from '../src/core/site.ts';
import { buildApp } from './app.ts';
import { serveBackups } from './backup-socket.ts';
import { ConfigError, readConfig, type ServerConfig } from './config.ts';
import { DataFolderInUseError } from './db/data-folder-lock.ts';
import { openDatabase } from './db/open.ts';
import { createPrivately } from './db/private-dir.ts';
import { ensureHiddenPagePassword } from './hidden-page-password.ts';
import { portRefusal } from './port-check.ts';
import { eraseExpiredNamesHourly, setRetentionDays, type RetentionVariable } from './retention.ts';
import { buildSite } from './site-swap.ts';

function configOrExit(): ServerConfig {
  try {
    return readConfig();
  } catch (error) {
    // A wrong setting is the operator's to fix: the message, not a stack trace.
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const config = configOrExit();
const refusal = await portRefusal(config.port, config.host);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
createPrivately();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, holder: 'the server' }).catch(
  (error: unknown) => {
    if (!(error instanceof DataFolderInUseError)) throw error;
    console.error(`${error.message}\nStop that process first, or give this server a DATA_DIR of its own.`);
    process.exit(1);
  },
);
// npm start: the data folder is claimed above, before a build that would
// otherwise run only to meet a server already holding it.
if (process.argv.includes('--build')) {
  await buildSite(resolve(config.siteDir)).catch(async (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    await db.close();
    process.exit(1);
  });
}
const password = await ensureHiddenPagePassword(db, config.hiddenPagePassword);
if (password.kind === 'generated') {
  console.log(`Hidden page password (shown once, stored only as a hash): ${password.password}`);
}

for (const [variable, days] of Object.entries(config.retentionDays) as [RetentionVariable, number | undefined][]) {
  if (days !== undefined) await setRetentionDays(db, variable, days);
}
const retention = await eraseExpiredNamesHourly(db);
// PGlite's folder is this process's alone: `npm run backup` asks through it.
// Without the socket (a folder path too long for one, say) the site still
// serves; backups then need the server stopped.
const backups = config.databaseUrl
  ? undefined
  : await serveBackups(db, resolve(config.dataDir)).catch((error: unknown) => {
      console.error(
        `Backups through the running server are off (${error instanceof Error ? error.message : String(error)}): stop the server to run npm run backup.`,
      );
      return undefined;
    });
const app = await buildApp({ db, siteDir: resolve(config.siteDir), trustProxy: config.trustProxy });

/** How long answers under way may take to finish when the server is told to stop. */
const SHUTDOWN_GRACE_MS = 2000;

const shutdown = async () => {
  const closed = app.close();
  // A connection a browser opened ahead of need (a preconnect) carries no
  // request yet, and Node counts it busy until its headers time out, a
  // minute later: after a moment for the answers under way, close them all.
  const cut = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
  await closed;
  clearTimeout(cut);
  retention.stop();
  await backups?.close();
  await db.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${resolve(config.dataDir)}`;
const bound = app.server.address();
const port = bound && typeof bound === 'object' ? bound.port : config.port;
console.log(`${SITE_NAME} at http://${config.host}:${port} (database: ${where})`);

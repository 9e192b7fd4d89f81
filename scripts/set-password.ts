/**
 * npm run set-password: sets the hidden page's password, locally or on a
 * hosted project, without it ever reaching a command line, the shell
 * history or a log. It reads the passphrase from standard input (typed
 * unseen on a terminal, or piped); with --generate or an empty input it
 * makes a 96-bit one and prints it once. It connects to DATABASE_URL (a
 * hosted project's connection string), or else opens the local PGlite data
 * folder (DATA_DIR, default .data), and sends the passphrase to
 * public.set_hidden_page_password() as a bound parameter. PGlite takes one
 * process at a time: while the local server holds the folder this refuses
 * and says how to go about it.
 */
import { text } from 'node:stream/consumers';
import { describeDataPlace, readDataPlace } from '../server/config.ts';
import { DataFolderInUseError } from '../server/db/data-folder-lock.ts';
import { openPostgres } from '../server/db/engine.ts';
import { openDatabase } from '../server/db/open.ts';
import { createPrivately } from '../server/db/private-dir.ts';
import { newPassphrase, passphraseProblem, setHiddenPagePassword } from '../server/hidden-page-password.ts';

/** Reads a line from the terminal without echoing it. */
function readUnseen(prompt: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  let typed: string[] = [];
  return new Promise((resolve, reject) => {
    const done = () => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return (done(), resolve(typed.join('')));
        if (ch === '\u0003' || ch === '\u0004') return (done(), reject(new Error('cancelled: nothing was changed')));
        typed = ch === '\u007f' || ch === '\b' ? typed.slice(0, -1) : [...typed, ch];
      }
    };
    stdin.on('data', onData);
  });
}

async function readPassphrase(): Promise<string> {
  if (process.stdin.isTTY) return readUnseen('Passphrase for the hidden page (empty: generate one): ');
  // Piped: one line, its line break not part of it.
  return (await text(process.stdin)).replace(/\r?\n$/, '');
}

/** The two ways to a new password while the local server holds the folder. */
function explainInUse(error: unknown): never {
  if (error instanceof DataFolderInUseError) {
    error.message +=
      '\nNothing was changed. Stop it (the server: Ctrl+C where it runs), run npm run set-password again, then start the server;' +
      ' or restart the server with HIDDEN_PAGE_PASSWORD set, which it stores as the new password.';
  }
  throw error;
}

async function main(): Promise<void> {
  const generate = process.argv.includes('--generate');
  let passphrase = generate ? '' : await readPassphrase();
  const generated = passphrase === '';
  if (generated) passphrase = newPassphrase();
  const problem = passphraseProblem(passphrase);
  if (problem) {
    console.error(`${problem}. Nothing was changed.`);
    process.exitCode = 2;
    return;
  }
  const place = readDataPlace();
  const { databaseUrl, dataDir } = place;
  createPrivately();
  // A server's database is migrated by whoever deploys it; the local PGlite
  // folder is migrated here as the local server would at its start.
  const db = databaseUrl
    ? await openPostgres(databaseUrl, 1)
    : await openDatabase({ dataDir, holder: 'npm run set-password' }).catch(explainInUse);
  try {
    await setHiddenPagePassword(db, passphrase);
  } finally {
    await db.close();
  }
  const where = describeDataPlace(place);
  if (generated) console.log(`The hidden page's new passphrase (shown once, keep it): ${passphrase}`);
  console.error(`Set the hidden page's password in ${where}.`);
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
}

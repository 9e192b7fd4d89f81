/**
 * Whether the server's port can be taken, asked before anything is created
 * or built: a start that is bound to fail at listen() should fail at once,
 * leaving no data folder, no password and no build behind.
 */
import { lookup } from 'node:dns/promises';
import { createServer } from 'node:net';

function tryListen(port: number, host: string): Promise<NodeJS.ErrnoException | null> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(null)));
  });
}

/** Null when every address of `host` has `port` free; else one line saying why not. */
export async function portRefusal(port: number, host: string): Promise<string | null> {
  // Port 0 asks the system for any free port: nothing to check.
  if (port === 0) return null;
  // The server listens on every address the host name has (localhost: ::1 and 127.0.0.1).
  const addresses = await lookup(host, { all: true }).catch(() => [{ address: host }]);
  for (const { address } of addresses) {
    const error = await tryListen(port, address);
    if (!error) continue;
    if (error.code === 'EADDRINUSE')
      return `Port ${port} on ${host} is in use by another program: stop it, or start this server with another PORT.`;
    if (error.code === 'EACCES')
      return `Port ${port} on ${host} needs privileges this user lacks: choose a PORT above 1023.`;
    // An address the machine lacks (EADDRNOTAVAIL, say) is listen()'s to report, as before.
  }
  return null;
}

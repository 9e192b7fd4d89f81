import { createServer } from 'node:net';

/** A port of 127.0.0.1 free a moment ago, for a process the test starts that takes its port as an argument. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address !== 'string' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

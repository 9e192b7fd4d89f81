import type { FastifyInstance } from 'fastify';

/** Starts the app on a free port of 127.0.0.1, for tests that need a real socket; returns the port. */
export async function listenLocally(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the test server has no TCP address');
  return address.port;
}

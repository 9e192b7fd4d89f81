/**
 * The header the database reads the client's address from. The hosted
 * platform sets it and a client cannot forge it there; locally the server
 * sets it on every call, over anything the client sent.
 */
import type { Database } from './db/engine.ts';

export async function readAddressHeader(db: Database): Promise<string> {
  return 'x-forwarded-for';
}

/**
 * The two random names a finished quiz goes by, and the checks that a
 * stored value has their shape: its submission id, made when the last
 * answer is given (the quiz store names its result by it at once, before
 * the outbox that saves it has loaded), and its withdrawal secret, the
 * capability that lets this browser take the result back.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function hexOf(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A fresh v4 UUID, made here rather than by crypto.randomUUID, which a plain-http address (a phone on the LAN) lacks. */
export function newSubmissionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  return hexOf(bytes).replace(/(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');
}

/** Whether `value` has the shape of a submission id (a UUID). */
export function isSubmissionId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** 32 random bytes in hex. Only hashes of it are stored on the site. */
export function newWithdrawalSecret(): string {
  return hexOf(crypto.getRandomValues(new Uint8Array(32)));
}

/** Whether `value` has the shape of a secret made by newWithdrawalSecret. */
export function isWithdrawalSecret(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
}

/**
 * What "/" needs of the browser's keepsakes before their modules load: a
 * finished quiz's id, made when its last answer is given (the quiz store
 * names its result by it at once, before the outbox that saves it has
 * loaded), and the storage keys that say whether anything is kept at all.
 */

export function hexOf(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A fresh v4 UUID, made here rather than by crypto.randomUUID, which a plain-http address (a phone on the LAN) lacks. */
export function newSubmissionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  return hexOf(bytes).replace(/(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');
}

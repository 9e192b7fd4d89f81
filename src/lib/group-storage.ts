/**
 * The groups this browser started or joined, in localStorage and nowhere
 * else: the group's name as last read, its join code and the key that opens
 * its map (the owner key for a group started here, the member key for one
 * joined). Clearing the site's data loses them; the owner link, kept
 * elsewhere, still opens the group.
 */
import { GROUPS_KEY, readList, writeList } from './browser-storage.ts';

export interface KeptGroup {
  role: 'owner' | 'member';
  name: string;
  joinCode: string;
  key: string;
}

const CODE = /^[A-Za-z0-9_-]{10,64}$/;
/** A member key: 32 random bytes in hex, as the browser makes it (lib/ids.ts). */
export const MEMBER_KEY = /^[0-9a-f]{64}$/;

function readOne(value: unknown): KeptGroup | null {
  if (typeof value !== 'object' || value === null) return null;
  const { role, name, joinCode, key } = value as Record<string, unknown>;
  if (role !== 'owner' && role !== 'member') return null;
  if (typeof name !== 'string' || typeof joinCode !== 'string' || typeof key !== 'string') return null;
  if (!CODE.test(joinCode) || !(role === 'owner' ? CODE.test(key) : MEMBER_KEY.test(key))) return null;
  return { role, name, joinCode, key };
}

export function readGroups(): KeptGroup[] {
  return readList('localStorage', GROUPS_KEY, readOne);
}

/** Keeps a group (once per key, the newest first) and returns the list as now kept. */
export function keepGroup(group: KeptGroup): KeptGroup[] {
  const next = [group, ...readGroups().filter((g) => g.key !== group.key)];
  writeList('localStorage', GROUPS_KEY, next);
  return next;
}

/** Forgets a group (left, removed or deleted) and returns what is left. */
export function forgetGroup(key: string): KeptGroup[] {
  const next = readGroups().filter((g) => g.key !== key);
  writeList('localStorage', GROUPS_KEY, next);
  return next;
}

/** Whether `code` has the shape of a join code or an owner key. */
export function isGroupCode(code: string): boolean {
  return CODE.test(code);
}

/**
 * The group screens' state (/group): which screen the address asks for,
 * starting a group, joining one with a result kept in this browser, the
 * group's map, leaving, and the owner's changes. The keys live in the
 * address's fragment and in lib/group-storage.ts, never in an atom a
 * component renders as text.
 */
import { atom } from 'nanostores';
import { groupCsvRows } from '../core/groups.ts';
import { respondentsCsvHeader, respondentsCsvLines } from '../core/respondents-csv.ts';
import type { ValueScores } from '../core/values.ts';
import { isRateLimited, type GroupInfo, type GroupMap, type ResponseStats } from '../lib/api.ts';
import { forgetGroup, isGroupCode, keepGroup, readGroups, type KeptGroup } from '../lib/group-storage.ts';
import { newWithdrawalSecret } from '../lib/ids.ts';
import { loadApi } from '../lib/load-api.ts';
import { saveFile } from '../lib/save-file.ts';
import { readTrail, type KeptResult } from '../lib/trail-storage.ts';
import { remoteData } from './remote.ts';
import { JOIN_TEXTS } from './join-texts.ts';

export type GroupScreen =
  | { kind: 'start' }
  | { kind: 'join'; code: string }
  | { kind: 'map'; key: string; role: 'owner' | 'member' }
  | { kind: 'broken' };

/** What the address asks for: ?join=CODE, #owner=KEY, #member=KEY, or nothing (start a group). */
export function screenOf(search: string, hash: string): GroupScreen {
  const join = new URLSearchParams(search).get('join');
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const owner = fragment.get('owner');
  const member = fragment.get('member');
  if (owner !== null) return isGroupCode(owner) ? { kind: 'map', key: owner, role: 'owner' } : { kind: 'broken' };
  if (member !== null)
    return /^[0-9a-f]{64}$/.test(member) ? { kind: 'map', key: member, role: 'member' } : { kind: 'broken' };
  if (join !== null) return isGroupCode(join) ? { kind: 'join', code: join } : { kind: 'broken' };
  return { kind: 'start' };
}

export const $groupScreen = atom<GroupScreen>({ kind: 'start' });
export const $keptGroups = atom<KeptGroup[]>([]);

export function openGroupPage(location: Pick<Location, 'search' | 'hash'>): void {
  const screen = screenOf(location.search, location.hash);
  $groupScreen.set(screen);
  $keptGroups.set(readGroups());
  $created.set({ status: 'idle' });
  if (screen.kind === 'join') void loadGroupInfo(screen.code);
  if (screen.kind === 'map') void loadGroupMap(screen.key);
}

export type Creation =
  | { status: 'idle' }
  | { status: 'creating' }
  | { status: 'created'; name: string; joinCode: string; ownerKey: string }
  | { status: 'refused'; message: string };

export const $created = atom<Creation>({ status: 'idle' });

export const GROUP_TEXTS = {
  throttled: 'Too many groups were started from this connection in the last hour. Try again later.',
  failed: 'The group could not be started: the site did not answer. Try again in a moment.',
  noName: 'Give the group a name.',
} as const;

export async function startGroup(name: string): Promise<void> {
  if (name.trim() === '') {
    $created.set({ status: 'refused', message: GROUP_TEXTS.noName });
    return;
  }
  $created.set({ status: 'creating' });
  try {
    const api = await loadApi();
    const group = await api.createGroup(name);
    const info = await api.fetchGroupInfo(group.join_code);
    const shown = info.found ? info.name : name.trim();
    $keptGroups.set(keepGroup({ role: 'owner', name: shown, joinCode: group.join_code, key: group.owner_key }));
    $created.set({ status: 'created', name: shown, joinCode: group.join_code, ownerKey: group.owner_key });
  } catch (error) {
    const message = isRateLimited(error)
      ? GROUP_TEXTS.throttled
      : error instanceof Error && /name/.test(error.message)
        ? `That name cannot be used: ${error.message}.`
        : GROUP_TEXTS.failed;
    $created.set({ status: 'refused', message });
  }
}

type FoundInfo = Extract<GroupInfo, { found: true }>;
const groupInfo = remoteData<FoundInfo | { found: false }>('group', (a) => a);
export const $groupInfo = groupInfo.$state;

function loadGroupInfo(code: string) {
  return groupInfo.load(async () => (await loadApi()).fetchGroupInfo(code));
}

/** The results kept in this browser that the site can be shown to hold (they carry their secret). */
export function joinableResults(): KeptResult[] {
  return readTrail().filter((r) => r.secret !== null);
}

export type Joining =
  | { status: 'idle' }
  | { status: 'joining' }
  | { status: 'joined'; memberKey: string }
  | { status: 'refused'; message: string };

export const $joining = atom<Joining>({ status: 'idle' });

/** Adds a result kept in this browser to the group of `code`. */
export async function joinWithKeptResult(code: string, result: Pick<KeptResult, 'id' | 'secret'>): Promise<void> {
  if (result.secret === null) return;
  $joining.set({ status: 'joining' });
  const memberKey = newWithdrawalSecret();
  try {
    const api = await loadApi();
    const answer = await api.joinGroup(code, result.id, result.secret, memberKey);
    if (!answer.joined) {
      $joining.set({ status: 'refused', message: JOIN_TEXTS[answer.reason] });
      return;
    }
    $keptGroups.set(keepGroup({ role: 'member', name: answer.name, joinCode: code, key: memberKey }));
    $joining.set({ status: 'joined', memberKey });
  } catch (error) {
    $joining.set({ status: 'refused', message: isRateLimited(error) ? JOIN_TEXTS.throttled : JOIN_TEXTS.failed });
  }
}

export type FoundMap = Extract<GroupMap, { found: true }>;
const groupMap = remoteData<FoundMap | { found: false }>('group map', (a) => a);
export const $groupMap = groupMap.$state;

/** Everyone's average on the results screen's scale, beside the group's; null until read or when no one has answered. */
export const $everyone = atom<ValueScores | null>(null);

function everyoneOf(stats: ResponseStats): ValueScores | null {
  const { love, duty, honor, reason } = stats;
  if (love === null || duty === null || honor === null || reason === null) return null;
  // response_stats publishes its means on the results screen's scale already.
  return { love, duty, honor, reason };
}

async function loadGroupMap(key: string) {
  const status = await groupMap.load(async () => (await loadApi()).fetchGroupMap(key));
  const state = $groupMap.get();
  if (status === 'ready' && state.status === 'ready' && !state.data.found) $keptGroups.set(forgetGroup(key));
  try {
    $everyone.set(everyoneOf(await (await loadApi()).fetchResponseStats()));
  } catch {
    $everyone.set(null);
  }
}

export function reloadGroupMap(): void {
  const screen = $groupScreen.get();
  if (screen.kind === 'map') void loadGroupMap(screen.key);
}

/** What the last change of the owner or the member said, for a status line. */
export const $groupNote = atom<string>('');

async function ownerChange(change: (key: string) => Promise<{ done: boolean }>, said: string): Promise<boolean> {
  const screen = $groupScreen.get();
  if (screen.kind !== 'map' || screen.role !== 'owner') return false;
  try {
    const { done } = await change(screen.key);
    $groupNote.set(done ? said : 'This owner link no longer opens a group.');
    if (done) reloadGroupMap();
    return done;
  } catch {
    $groupNote.set(JOIN_TEXTS.failed);
    return false;
  }
}

export async function renameOwnGroup(name: string): Promise<void> {
  if (name.trim() === '') {
    $groupNote.set(GROUP_TEXTS.noName);
    return;
  }
  const api = await loadApi();
  await ownerChange((key) => api.renameGroup(key, name), 'Renamed.');
}

export async function setOwnGroupOpen(open: boolean): Promise<void> {
  const api = await loadApi();
  await ownerChange(
    (key) => api.setGroupOpen(key, open),
    open ? 'The group takes new members again.' : 'The group is closed to new members.',
  );
}

export async function removeMember(memberId: number, name: string): Promise<void> {
  const api = await loadApi();
  await ownerChange((key) => api.removeGroupMember(key, memberId), `${name} is no longer a member.`);
}

export async function deleteOwnGroup(): Promise<void> {
  const screen = $groupScreen.get();
  const api = await loadApi();
  if (await ownerChange((key) => api.deleteGroup(key), 'The group is deleted.')) {
    if (screen.kind === 'map') $keptGroups.set(forgetGroup(screen.key));
  }
}

export async function downloadGroupCsv(now = new Date()): Promise<void> {
  const screen = $groupScreen.get();
  if (screen.kind !== 'map' || screen.role !== 'owner') return;
  try {
    const answer = await (await loadApi()).fetchGroupCsvRows(screen.key);
    if (!answer.done) {
      $groupNote.set('This owner link no longer opens a group.');
      return;
    }
    const text = respondentsCsvHeader() + respondentsCsvLines(groupCsvRows(answer.rows));
    saveFile(
      new Blob([text], { type: 'text/csv;charset=utf-8' }),
      `group-members-${now.toISOString().slice(0, 10)}.csv`,
    );
  } catch {
    $groupNote.set(JOIN_TEXTS.failed);
  }
}

export async function leaveOwnGroup(): Promise<void> {
  const screen = $groupScreen.get();
  if (screen.kind !== 'map' || screen.role !== 'member') return;
  try {
    const { left } = await (await loadApi()).leaveGroup(screen.key);
    $keptGroups.set(forgetGroup(screen.key));
    $groupNote.set(
      left ? 'You left the group. Your result stays counted for everyone.' : 'You were no longer a member.',
    );
    reloadGroupMap();
  } catch {
    $groupNote.set(JOIN_TEXTS.failed);
  }
}

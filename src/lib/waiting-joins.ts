/**
 * Joining a group by taking the quiz: the group the next quiz in this tab
 * is for (sessionStorage, from the join link until the last answer), then
 * the join itself, kept in localStorage like a save in the outbox until the
 * site has taken both the save and the join. A join names the saved result
 * by its id; its secret comes from the trail when it is sent.
 */
import {
  NEXT_QUIZ_GROUP_KEY,
  WAITING_JOINS_KEY,
  readList,
  readStored,
  writeList,
  writeStored,
} from './browser-storage.ts';
import { isGroupCode, MEMBER_KEY } from './group-storage.ts';
import { isSubmissionId } from './ids.ts';

/** A group as its join link names it, with the name the site gave it. */
export interface JoinableGroup {
  code: string;
  name: string;
}

/** A join waiting to be sent: which group, which saved result, and the member key that will open the group's map. */
export interface WaitingJoin extends JoinableGroup {
  submissionId: string;
  memberKey: string;
}

function readGroup(value: unknown): JoinableGroup | null {
  if (typeof value !== 'object' || value === null) return null;
  const { code, name } = value as Record<string, unknown>;
  return typeof code === 'string' && isGroupCode(code) && typeof name === 'string' ? { code, name } : null;
}

function readJoin(value: unknown): WaitingJoin | null {
  const group = readGroup(value);
  if (!group) return null;
  const { submissionId, memberKey } = value as Record<string, unknown>;
  if (!isSubmissionId(submissionId) || typeof memberKey !== 'string' || !MEMBER_KEY.test(memberKey)) return null;
  return { ...group, submissionId, memberKey };
}

/** The group the next quiz in this tab is for; null for none. */
export function readNextQuizGroup(): JoinableGroup | null {
  return readStored('sessionStorage', NEXT_QUIZ_GROUP_KEY, readGroup);
}

/** Takes the next quiz in this tab for `group`, or, with null, for no group. */
export function keepNextQuizGroup(group: JoinableGroup | null): void {
  writeStored('sessionStorage', NEXT_QUIZ_GROUP_KEY, group);
}

export function readWaitingJoins(): WaitingJoin[] {
  return readList('localStorage', WAITING_JOINS_KEY, readJoin);
}

/** Keeps a join (once per result and group) until it is sent. */
export function keepWaitingJoin(join: WaitingJoin): void {
  const others = readWaitingJoins().filter((j) => j.submissionId !== join.submissionId || j.code !== join.code);
  writeList('localStorage', WAITING_JOINS_KEY, [...others, join]);
}

/** The join of this result to this group is sent, or refused for good: it waits no more. */
export function dropWaitingJoin(join: Pick<WaitingJoin, 'submissionId' | 'code'>): void {
  writeList(
    'localStorage',
    WAITING_JOINS_KEY,
    readWaitingJoins().filter((j) => j.submissionId !== join.submissionId || j.code !== join.code),
  );
}

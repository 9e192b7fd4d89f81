/**
 * Where finished quizzes wait until the backend has stored them: a list in
 * localStorage, written before anything is sent. Storage only: the sender
 * (submission-sender.ts) reads and empties it, never the other way round.
 * This module is small and loads with the page; the sender (and the API
 * client) loads only when there is something to send.
 */
import type { SubmitInput } from './api.ts';

const STORAGE_KEY = 'myc.pending-submissions.v1';

/** The message the spec asks for when the final save fails. */
export const SAVE_ERROR_MESSAGE = 'Error saving final scores';

/** Logged when a save kept from before could not be sent yet. */
export const STILL_WAITING_MESSAGE = 'Saved scores are still waiting to be stored';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isChoice(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.question_id === 'number' && typeof v.answer_text === 'string';
}

/** Whether `value` has the shape of a submission id (a UUID). */
export function isSubmissionId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

function isSubmission(value: unknown): value is SubmitInput {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    isSubmissionId(v.submission_id) &&
    (v.name === null || typeof v.name === 'string') &&
    Array.isArray(v.answers) &&
    v.answers.every(isChoice)
  );
}

/** A fresh v4 UUID. randomUUID exists only in secure contexts; a plain-http address gets one from getRandomValues. */
export function newSubmissionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// Without localStorage (blocked storage, tests) the outbox lives as long as the page.
let memoryOutbox: SubmitInput[] = [];

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readPending(): SubmitInput[] {
  const store = storage();
  if (!store) return [...memoryOutbox];
  let parsed: unknown;
  try {
    parsed = JSON.parse(store.getItem(STORAGE_KEY) ?? '[]');
  } catch {
    return [];
  }
  return Array.isArray(parsed) ? parsed.filter(isSubmission) : [];
}

function writePending(list: SubmitInput[]): void {
  memoryOutbox = [...list];
  const store = storage();
  if (!store) return;
  try {
    if (list.length === 0) store.removeItem(STORAGE_KEY);
    else store.setItem(STORAGE_KEY, JSON.stringify(list));
  } catch {
    // A full or blocked storage leaves the submission in memory for this visit.
  }
}

export function addPending(submission: SubmitInput): void {
  const list = readPending().filter((s) => s.submission_id !== submission.submission_id);
  writePending([...list, submission]);
}

export function removePending(submissionId: string): void {
  writePending(readPending().filter((s) => s.submission_id !== submissionId));
}

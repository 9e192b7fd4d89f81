/**
 * State of the hidden /hehe page. The password lives in this module's memory
 * for the rest of the page visit and nowhere else: not in storage, not in the
 * address, not in any atom a component could render.
 */
import { atom } from 'nanostores';
import { ApiError, fetchSecretInsights, findRespondents, type RespondentMatches, type SecretInsights } from '../lib/api.ts';
import type { PickedDot } from '../charts/insights/scatter.ts';

export type SecretState =
  | { status: 'locked' }
  | { status: 'checking' }
  /** `insights` is null when no one has answered yet: the charts stay empty. */
  | { status: 'unlocked'; insights: SecretInsights | null };

export const $secret = atom<SecretState>({ status: 'locked' });

export type SecretChart = 'scatter' | 'relative';

/** The respondent whose dot was clicked last, and on which plot; name null means anonymous. */
export const $pickedRespondent = atom<{ chart: SecretChart; name: string | null } | null>(null);

/** The last search and what it found, highlighted on the relative plot. */
export const $search = atom<{ query: string; result: RespondentMatches } | null>(null);

let password: string | null = null;

export type UnlockOutcome = 'unlocked' | 'incorrect' | 'failed';

/** The backend refused the password (a 4xx), as opposed to being unreachable or broken. */
function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

export async function unlock(candidate: string): Promise<UnlockOutcome> {
  if ($secret.get().status !== 'locked') return $secret.get().status === 'unlocked' ? 'unlocked' : 'failed';
  $secret.set({ status: 'checking' });
  try {
    const insights = await fetchSecretInsights(candidate);
    password = candidate;
    const empty = insights.count === 0 || !insights.mean || !insights.min || !insights.max;
    if (empty) console.error('No insights data: no one has answered yet');
    $secret.set({ status: 'unlocked', insights: empty ? null : insights });
    return 'unlocked';
  } catch (error) {
    $secret.set({ status: 'locked' });
    if (isRefusal(error)) return 'incorrect';
    console.error('Error fetching secret insights', error);
    return 'failed';
  }
}

export function pickRespondent(chart: SecretChart, dot: PickedDot): void {
  const state = $secret.get();
  if (state.status !== 'unlocked' || !state.insights) return;
  if (dot.layer === 'highlighted') {
    const match = $search.get()?.result.matches[dot.index];
    if (match) $pickedRespondent.set({ chart, name: match.name });
    return;
  }
  const names = state.insights.points.names;
  if (dot.index < names.length) $pickedRespondent.set({ chart, name: names[dot.index] ?? null });
}

export type SearchOutcome = 'found' | 'none' | 'cleared' | 'failed';

export async function searchByName(query: string): Promise<SearchOutcome> {
  const trimmed = query.trim();
  if (password === null || $secret.get().status !== 'unlocked') return 'failed';
  if (trimmed === '') {
    $search.set(null);
    return 'cleared';
  }
  try {
    const result = await findRespondents(password, trimmed);
    $search.set({ query: trimmed, result });
    return result.total > 0 ? 'found' : 'none';
  } catch (error) {
    console.error('Error searching respondents', error);
    return 'failed';
  }
}

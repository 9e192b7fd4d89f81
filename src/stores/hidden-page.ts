/**
 * State of the hidden /hehe page. The password is sent once, for a key
 * (lib/hidden-page-key.ts keeps that in localStorage until it expires), and
 * kept nowhere: not in storage, not in the address, not in any atom a
 * component could render. Every later call sends the key.
 */
import { atom } from 'nanostores';
import {
  ApiError,
  fetchRespondentsPage,
  fetchHiddenPageInsights,
  isRateLimited,
  findRespondents,
  unlockHiddenPage,
  type HiddenPageAccess,
  type RespondentMatches,
  type RespondentsPage,
  type HiddenPageInsights,
} from '../lib/api.ts';
import type { PickedDot, ScatterPlot } from '../charts/insights/scatter.ts';
import { samePlace, stackedWith } from '../core/dot-steps.ts';
import { forgetHiddenPageKey, readHiddenPageKey, saveHiddenPageKey } from '../lib/hidden-page-key.ts';
import { withRespondents } from './insights.ts';
import { remoteData } from './remote.ts';

const hiddenPage = remoteData<HiddenPageInsights>('insights data', withRespondents, 'idle');

/** idle: locked; loading: the password is being checked; ready or empty: unlocked; failed: the check could not be made. */
export const $hiddenPage = hiddenPage.$state;

/**
 * The dot picked last (clicked, or reached with the arrow keys), on which
 * plot and of which layer, and the name of every respondent on its very
 * place, the picked one first; a name null means anonymous.
 */
interface PickedRespondent extends PickedDot {
  chart: ScatterPlot;
  names: (string | null)[];
}

export const $pickedRespondent = atom<PickedRespondent | null>(null);

/** The last search and what it found, highlighted on the relative plot. */
export const $search = atom<{ query: string; result: RespondentMatches } | null>(null);

let access: HiddenPageAccess | null = null;

type UnlockOutcome = 'unlocked' | 'incorrect' | 'throttled' | 'failed';

/**
 * How the backend refused the password, as opposed to being unreachable or
 * broken: too many wrong guesses from this address (then even the right one
 * waits), or any other 4xx.
 */
function refusal(error: unknown): 'incorrect' | 'throttled' | undefined {
  if (isRateLimited(error)) return 'throttled';
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? 'incorrect' : undefined;
}

export function isUnlocked(): boolean {
  const { status } = $hiddenPage.get();
  return status === 'ready' || status === 'empty';
}

export async function unlock(candidate: string): Promise<UnlockOutcome> {
  if (isUnlocked()) return 'unlocked';
  if ($hiddenPage.get().status === 'loading') return 'failed';
  let granted: HiddenPageAccess | null = null;
  const outcome = await hiddenPage.load(
    async () => {
      const key = await unlockHiddenPage(candidate);
      saveHiddenPageKey(key);
      granted = { key: key.key };
      return fetchHiddenPageInsights(granted);
    },
    { refusal },
  );
  if (outcome === 'incorrect' || outcome === 'throttled') return outcome;
  if (outcome !== 'ready' && outcome !== 'empty') return 'failed';
  access = granted;
  return 'unlocked';
}

/**
 * Opens the page with the key this browser kept from an earlier unlock, if
 * any. A key the backend no longer knows (expired, or revoked by a new
 * password) is forgotten and the page stays locked.
 */
export async function resumeUnlock(): Promise<boolean> {
  const key = readHiddenPageKey();
  if (key === null || isUnlocked() || $hiddenPage.get().status === 'loading') return isUnlocked();
  const outcome = await hiddenPage.load(() => fetchHiddenPageInsights({ key }), { refusal });
  if (outcome === 'incorrect') forgetHiddenPageKey();
  if (outcome !== 'ready' && outcome !== 'empty') return false;
  access = { key };
  return true;
}

/** A page of the CSV download, asked with the key the page was unlocked with. */
export function fetchUnlockedRespondentsPage(afterId: number | null, pageSize: number): Promise<RespondentsPage> {
  if (access === null || !isUnlocked()) return Promise.reject(new Error('The hidden page is locked'));
  return fetchRespondentsPage(access, afterId, pageSize);
}

export function pickRespondent(chart: ScatterPlot, dot: PickedDot): void {
  const state = $hiddenPage.get();
  if (state.status !== 'ready') return;
  if (dot.layer === 'highlighted') {
    const matches = $search.get()?.result.matches ?? [];
    if (dot.index >= matches.length) return;
    const raws = matches.map((m) => m.raw);
    const names = stackedWith(raws, dot.index, samePlace).map((i) => matches[i]!.name);
    $pickedRespondent.set({ chart, ...dot, names });
    return;
  }
  const { names, raw } = state.data.points;
  if (dot.index >= names.length || dot.index >= raw.length) return;
  $pickedRespondent.set({ chart, ...dot, names: stackedWith(raw, dot.index, samePlace).map((i) => names[i] ?? null) });
}

export type SearchOutcome = 'found' | 'none' | 'cleared' | 'failed';

export async function searchByName(query: string): Promise<SearchOutcome> {
  const trimmed = query.trim();
  if (access === null || !isUnlocked()) return 'failed';
  if (trimmed === '') {
    $search.set(null);
    return 'cleared';
  }
  try {
    const result = await findRespondents(access, trimmed);
    $search.set({ query: trimmed, result });
    return result.total > 0 ? 'found' : 'none';
  } catch (error) {
    console.error('Error searching respondents', error);
    return 'failed';
  }
}

/**
 * A group's map drawn as the crowd charts draw /hehe's respondents
 * (core/groups.ts groupCrowd): the dot picked last, by a click or the arrow
 * keys, with every member's name on its spot.
 */
import { atom, computed } from 'nanostores';
import type { PickedDot, ScatterPlot } from '../charts/insights/scatter.ts';
import { samePlace, stackedWith } from '../core/dot-steps.ts';
import { groupCrowd, type GroupCrowd } from '../core/groups.ts';
import { $groupMap } from './groups.ts';

/** The members of the group on screen as the charts take them; null while there is none. */
export const $groupCrowd = computed($groupMap, (state): GroupCrowd | null =>
  state.status === 'ready' && state.data.found ? groupCrowd(state.data.members) : null,
);

export const $pickedMember = atom<(PickedDot & { chart: ScatterPlot; names: (string | null)[] }) | null>(null);

// Another group, or the same read again: what was picked may be gone.
$groupCrowd.listen(() => $pickedMember.set(null));

/** Names the member behind a picked dot, and every other member on the same spot. */
export function pickMember(chart: ScatterPlot, dot: PickedDot): void {
  const crowd = $groupCrowd.get();
  if (!crowd || dot.layer !== 'respondents' || dot.index >= crowd.points.raw.length) return;
  const { raw, names } = crowd.points;
  $pickedMember.set({ chart, ...dot, names: stackedWith(raw, dot.index, samePlace).map((i) => names[i] ?? null) });
}

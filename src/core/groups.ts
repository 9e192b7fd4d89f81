/**
 * Groups' arithmetic: a member's four percentages on the results screen's
 * scale, the group's average, who stands closest to and farthest from the
 * visitor, and the owner's CSV rows (the hidden page's columns).
 */
import type { RespondentRow } from './respondents-csv.ts';
import {
  QUADRANT_PAIRS,
  quadrantOf,
  resultPosition,
  resultShares,
  savedNormalized,
  type Position,
  type QuadrantKey,
} from './scoring.ts';
import { VALUES, zeroScores, type Value, type ValueScores } from './values.ts';

/** A group's name is cleaned as a respondent's is (core/names.ts), and may be longer. */
export const GROUP_NAME_MAX_LENGTH = 60;

/** Shown for a member who saved no name, or whose name has expired. */
export const ANONYMOUS = 'Anonymous';

/** A member as group_map returns one: raw totals in value order. */
export interface GroupMember {
  id: number;
  name?: string | null;
  raw: [number, number, number, number];
  joined_at?: string;
}

export function totalsOfMember(member: Pick<GroupMember, 'raw'>): ValueScores {
  const totals = zeroScores();
  VALUES.forEach((v, i) => (totals[v] = member.raw[i] ?? 0));
  return totals;
}

export function memberShares(member: Pick<GroupMember, 'raw'>): ValueScores {
  return resultShares(totalsOfMember(member));
}

export function memberPosition(member: Pick<GroupMember, 'raw'>): Position {
  return resultPosition(totalsOfMember(member));
}

export function memberName(member: Pick<GroupMember, 'name'>): string {
  return member.name ?? ANONYMOUS;
}

/** The mean of the members' shares; null for a group without members. */
export function groupAverage(members: readonly Pick<GroupMember, 'raw'>[]): ValueScores | null {
  if (members.length === 0) return null;
  const sum = zeroScores();
  for (const m of members) {
    const shares = memberShares(m);
    for (const v of VALUES) sum[v] += shares[v];
  }
  for (const v of VALUES) sum[v] /= members.length;
  return sum;
}

/** The group as the crowd charts of /insights and /hehe draw it: every member a dot with a name, on the results screen's scale. */
export interface GroupCrowd {
  count: number;
  mean: ValueScores | null;
  min: ValueScores | null;
  max: ValueScores | null;
  quadrants: (Record<QuadrantKey, number> & { pair: [Value, Value] })[];
  points: { kind: 'all'; total: number; raw: [number, number, number, number][]; names: (string | null)[] };
}

export function groupCrowd(members: readonly GroupMember[]): GroupCrowd {
  const shares = members.map(memberShares);
  const extreme = (pick: (a: number, b: number) => number): ValueScores | null => {
    if (shares.length === 0) return null;
    const out = { ...shares[0]! };
    for (const s of shares) for (const v of VALUES) out[v] = pick(out[v], s[v]);
    return out;
  };
  return {
    count: members.length,
    mean: groupAverage(members),
    min: extreme(Math.min),
    max: extreme(Math.max),
    quadrants: QUADRANT_PAIRS.map(([first, second]) => {
      const counts: Record<QuadrantKey, number> = { high_high: 0, high_low: 0, low_high: 0, low_low: 0 };
      for (const s of shares) counts[quadrantOf(s, first, second)] += 1;
      return { pair: [first, second], ...counts };
    }),
    points: {
      kind: 'all',
      total: members.length,
      raw: members.map((m) => [...m.raw]),
      names: members.map((m) => m.name ?? null),
    },
  };
}

/** The other members nearest to and farthest from `you` on the map; null when there is no one else. */
export function closestAndFarthest<M extends Pick<GroupMember, 'id' | 'raw'>>(
  members: readonly M[],
  you: number | null,
): { closest: M; farthest: M } | null {
  const me = members.find((m) => m.id === you);
  if (!me) return null;
  const here = memberPosition(me);
  const others = members
    .filter((m) => m.id !== you)
    .map((m) => {
      const p = memberPosition(m);
      return { m, d: Math.hypot(p.x - here.x, p.y - here.y) };
    })
    .sort((a, b) => a.d - b.d || a.m.id - b.m.id);
  if (others.length === 0) return null;
  return { closest: others[0]!.m, farthest: others[others.length - 1]!.m };
}

/** The owner's CSV rows, as the hidden page's export has them: the raw totals, then the saved normalized values. */
export function groupCsvRows(
  rows: readonly [string | null, string, number, number, number, number][],
): RespondentRow[] {
  return rows.map(([name, time, ...raw]) => {
    const normalized = savedNormalized(totalsOfMember({ raw }));
    return [name, time, ...raw, normalized.love, normalized.duty, normalized.honor, normalized.reason];
  });
}

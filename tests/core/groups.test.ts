/**
 * Groups' arithmetic and addresses: members' shares on the results
 * screen's scale (Reason over 15), the group's average, the closest and
 * farthest member, the CSV's saved columns.
 */
import { describe, expect, it } from 'vitest';
import {
  closestAndFarthest,
  groupAverage,
  groupCsvRows,
  memberName,
  memberShares,
  type GroupMember,
} from '../../src/core/groups.ts';

const member = (id: number, raw: GroupMember['raw'], name: string | null = `M${id}`): GroupMember => ({
  id,
  raw,
  name,
});

describe('group arithmetic', () => {
  it('reads a member on the results screen scale: Reason over 15, not 17', () => {
    expect(memberShares(member(1, [19, 17, 14, 15]))).toEqual({ love: 1, duty: 1, honor: 1, reason: 1 });
    expect(memberShares(member(1, [0, 0, 7, 3])).reason).toBeCloseTo(0.2, 12);
  });

  it('averages the shares of the members, and has none for an empty group', () => {
    const avg = groupAverage([member(1, [19, 0, 14, 15]), member(2, [0, 17, 0, 0])]);
    expect(avg).toEqual({ love: 0.5, duty: 0.5, honor: 0.5, reason: 0.5 });
    expect(groupAverage([])).toBeNull();
  });

  it('names the closest and the farthest other member, and no one when you are alone or not a member', () => {
    const you = member(1, [10, 10, 7, 7]);
    const near = member(2, [11, 10, 7, 7]);
    const far = member(3, [19, 0, 0, 15]);
    expect(closestAndFarthest([far, you, near], 1)).toEqual({ closest: near, farthest: far });
    expect(closestAndFarthest([you], 1)).toBeNull();
    expect(closestAndFarthest([near, far], null)).toBeNull();
  });

  it('calls a member without a name Anonymous', () => {
    expect(memberName(member(1, [0, 0, 0, 0], null))).toBe('Anonymous');
  });

  it("writes the CSV with the raw totals and the saved normalized columns, as the hidden page's", () => {
    expect(groupCsvRows([['Ada', '2026-12-07T10:00:00Z', 19, 8.5, 7, 17]])).toEqual([
      ['Ada', '2026-12-07T10:00:00Z', 19, 8.5, 7, 17, 1, 0.5, 0.5, 1],
    ]);
  });
});

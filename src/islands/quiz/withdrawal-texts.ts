import type { WithdrawalState } from '../../stores/withdrawal.ts';

/** The button that starts taking the result on screen back. */
export const WITHDRAW_MY_ANSWERS = 'Remove my answers from the site';

/** The same, beside each earlier result of the trail. */
export const WITHDRAW_EARLIER_RESULT = 'Remove from the site';

/** What the visitor reads once a withdrawal is confirmed; `what` names the result ("Your answers", "That result"). */
export function withdrawalMessage(phase: Exclude<WithdrawalState['phase'], 'confirming'>, what: string): string {
  switch (phase) {
    case 'sending':
      return `${what}: removing from the site\u2026`;
    case 'withdrawn':
      return `${what}: removed from the site, and left out of every figure.`;
    case 'absent':
      return `${what}: not on the site, so there was nothing to remove.`;
    case 'unreachable':
      return `${what}: the site cannot be reached now. This browser keeps the removal and sends it as soon as the site can be reached.`;
    case 'rate-limited':
      return `${what}: too many removals from this address just now. This browser keeps the removal and sends it after a pause.`;
  }
}

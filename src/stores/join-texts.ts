/** What a visitor is told when adding a result to a group does not go through: the join link's page and the results screen say the same. */
export const JOIN_TEXTS = {
  unknown: 'This link names no group: it may be mistyped, or the group was deleted.',
  no_result: 'The site does not hold that result any more, so it cannot join.',
  closed: 'The group is closed to new members for now.',
  full: 'The group is full.',
  throttled: 'Too many results were saved or joined from this connection in the last hour. Try again later.',
  failed: 'The site did not answer. Try again in a moment.',
} as const;

/**
 * The query parameters of a share link; apart from share-link.ts so the first
 * page load needs only these names to know whether a link was opened.
 *   /?r=<code>&n=<name>                  one result, with the sharer's first name if they chose one
 *   /?r=<code>&n=<name>&f=<code>&fn=<name>  a comparison: the sharer's result and their friend's
 */
export const SHARE_PARAMS = {
  /** The sharer's answers, one digit per question. */
  code: 'r',
  /** The first name the sharer chose to show, if any. */
  name: 'n',
  /** In a comparison, the friend's answers... */
  friendCode: 'f',
  /** ...and the friend's first name, if any. */
  friendName: 'fn',
} as const;

/** Whether an address's query carries any part of a share link. */
export function hasShareParams(search: string | URLSearchParams): boolean {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return Object.values(SHARE_PARAMS).some((p) => params.has(p));
}

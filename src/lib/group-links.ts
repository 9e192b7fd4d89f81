/**
 * The links of a group, built from the page's own origin: the join link
 * handed to members, the owner's link, and the member's way back to the
 * map. Keys travel in the fragment, which reaches no server log.
 */
export function joinLink(origin: string, code: string): string {
  return `${origin}/group?join=${code}`;
}
export function ownerLink(origin: string, key: string): string {
  return `${origin}/group#owner=${key}`;
}
export function memberLink(origin: string, key: string): string {
  return `${origin}/group#member=${key}`;
}

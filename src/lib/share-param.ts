/** The query parameter of a share link ("/?r=..."); apart from share-link.ts so the first page load needs only this. */
export const SHARE_PARAM = 'r';

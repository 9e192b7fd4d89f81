/**
 * What the public figures (the charts of /insights, the results screen's
 * average and its "others who chose this") take in at once: the saves and
 * withdrawals since the last batch, once there are this many. Two looks at
 * the figures around one save then differ by a batch, never by that save
 * alone (docs/retention.md, "Published in batches").
 */
export const PUBLISH_BATCH = 10;

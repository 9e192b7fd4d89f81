/** On <html> while a shared result's copy stands in for the quiz's screen (shared-copy.ts); the page's style shows one or the other. */
export const SHARED_COPY_ATTRIBUTE = 'data-shared-copy';

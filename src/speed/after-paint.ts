/**
 * Runs `run` once the browser has painted what the current task changed, so
 * that work the visitor does not see does not hold back the paint that
 * answers their tap. A hidden page paints nothing: there it waits until the
 * page is shown again.
 */
export function afterNextPaint(run: () => void): void {
  // Outside a browser (the stores' tests) there is no paint to wait for.
  if (typeof requestAnimationFrame !== 'function') {
    setTimeout(run);
    return;
  }
  // A frame callback runs just before the paint; the task after it, once the paint is done.
  requestAnimationFrame(() => setTimeout(run));
}

/** How long a page whose first paint showed no text nor image waits for one that does. */
const NO_CONTENT_WAIT_MS = 3000;

/**
 * Runs `run` once the page's first contentful paint is on the screen. The
 * browser reports that paint (a `paint` entry) only when its frame has been
 * shown, which can come after the task that follows the paint: work started
 * there, a download above all, is counted by Lighthouse as holding back the
 * first paint (on a slow machine the islands' code was often requested
 * before the paint was shown). Where the browser reports no paints, after
 * the next paint.
 */
export function afterFirstContentfulPaint(run: () => void): void {
  if (typeof PerformanceObserver !== 'function' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    afterNextPaint(run);
    return;
  }
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    observer.disconnect();
    run();
  };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'first-contentful-paint') start();
      // A first paint of nothing but boxes may never be followed by a contentful one.
      else if (entry.name === 'first-paint') setTimeout(start, NO_CONTENT_WAIT_MS);
    }
  });
  observer.observe({ type: 'paint', buffered: true });
}

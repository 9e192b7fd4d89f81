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

/**
 * Work the visitor did not ask for (a chart of thousands of dots that has
 * just come near the screen) waits while they touch, type or scroll. A tap is a
 * touchstart and, a moment later, a touchend and its click: the moment
 * between the two looks idle to the browser, and a chart built there held
 * the click back. So the work starts only in an idle
 * moment with no finger down and no input for a little while.
 */

/** How long after the last input the page counts as quiet again: longer than a tap, shorter than a pause in reading. */
const QUIET_MS = 250;

let lastInput = -Infinity;
const pointersDown = new Set<number>();
let watching = false;

function watchInput(): void {
  if (watching || typeof addEventListener !== 'function') return;
  watching = true;
  const options = { capture: true, passive: true };
  const input = () => (lastInput = performance.now());
  addEventListener(
    'pointerdown',
    (event) => {
      pointersDown.add(event.pointerId);
      input();
    },
    options,
  );
  const up = (event: PointerEvent) => {
    pointersDown.delete(event.pointerId);
    input();
  };
  addEventListener('pointerup', up, options);
  addEventListener('pointercancel', up, options);
  addEventListener('keydown', input, options);
  // A scroll brings the charts near the screen: they wait until it has stopped, or the tap that follows waits for them.
  addEventListener('scroll', input, options);
}

/** A finger counted as down for longer than this has lost its pointerup (a capture elsewhere): it no longer holds work back. */
const LONGEST_PRESS_MS = 1000;

function quiet(): boolean {
  const since = performance.now() - lastInput;
  return since >= QUIET_MS && (pointersDown.size === 0 || since >= LONGEST_PRESS_MS);
}

/** Resolves in an idle moment with no finger down and no input in the last QUIET_MS; never once `signal` is aborted. */
export function whenInputQuiet(signal?: AbortSignal): Promise<void> {
  watchInput();
  return new Promise((resolve) => {
    const check = () => {
      if (signal?.aborted) return;
      if (!quiet()) {
        setTimeout(check, Math.max(50, lastInput + QUIET_MS - performance.now()));
        return;
      }
      // An input may come while the idle callback waits: it is checked again there.
      const settle = () => (quiet() && !signal?.aborted ? resolve() : check());
      if (typeof requestIdleCallback === 'function') requestIdleCallback(settle, { timeout: 1000 });
      else setTimeout(settle, 0);
    };
    check();
  });
}

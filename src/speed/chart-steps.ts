/**
 * A chart of thousands of points drawn in steps: making it, laying it out
 * and drawing it each wait for a frame of their own and for a still visitor,
 * so that a tap that comes meanwhile is answered before the next step, not
 * after the whole drawing (islands/charts/ChartCanvas.tsx uses it on the
 * aggregate pages).
 */
import { afterNextPaint } from './after-paint.ts';
import { whenInputQuiet } from './input-quiet.ts';

/** Resolves after the next paint; never once `signal` is aborted (nobody waits then). */
export function untilPainted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => afterNextPaint(() => signal.aborted || resolve()));
}

/** A frame between two steps, and no finger down. */
export async function nextStep(signal: AbortSignal): Promise<void> {
  await untilPainted(signal);
  await whenInputQuiet(signal);
}

/** What a chart library's instance offers to be laid out and drawn on request (Chart.js's does). */
interface SteppedChart {
  update(mode: 'none'): void;
  draw(): void;
}

/**
 * A plugin that holds back the chart's first layout and its first drawing,
 * and `run`, which releases them one step at a time.
 */
export function chartSteps() {
  const held = { layout: true, drawing: true };
  return {
    plugin: { id: 'inSteps', beforeUpdate: () => !held.layout, beforeDraw: () => !held.drawing },
    async run(chart: SteppedChart, signal: AbortSignal): Promise<void> {
      await nextStep(signal);
      held.layout = false;
      chart.update('none');
      await nextStep(signal);
      held.drawing = false;
      chart.draw();
    },
  };
}

/**
 * Gives the page a turn: input and paint run before the promise resolves.
 * A message, not a timer, so that a tab in the background is not held to
 * one turn a second; scheduler.yield where the browser has it, which also
 * keeps the task's priority.
 */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

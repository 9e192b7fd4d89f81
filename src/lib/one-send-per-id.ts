/**
 * One send per submission at a time, for both outboxes (saves, withdrawals). A
 * send asked for while one runs joins it, and should that one end without
 * reaching the backend it is tried once more: the ask may come from the
 * network's return, whose `online` event a send started offline has missed.
 */
export function oneSendPerId<T>(failedForWantOfNetwork: (outcome: T) => boolean) {
  const inFlight = new Map<string, Promise<T>>();
  return async function attempt(id: string, send: () => Promise<T>): Promise<T> {
    const running = inFlight.get(id);
    if (running) {
      const outcome = await running;
      return failedForWantOfNetwork(outcome) ? attempt(id, send) : outcome;
    }
    const run = send().finally(() => inFlight.delete(id));
    inFlight.set(id, run);
    return run;
  };
}

/**
 * Group commit for a flush: `run` at once when idle; callers that come while a run is under way share the next run,
 * which starts when that one ends and carries everything they added meanwhile. So N pollers waiting for their
 * writes cost two statements, not N.
 */
export function coalesced(run: () => Promise<void>): () => Promise<void> {
  let current: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  function request(): Promise<void> {
    if (!current) {
      const started = run().finally(() => {
        if (current === started) current = undefined;
      });
      current = started;
      return started;
    }
    next ??= current.catch(() => undefined).then(() => {
      next = undefined;
      return request();
    });
    return next;
  }
  return request;
}

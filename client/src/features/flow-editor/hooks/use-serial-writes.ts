import { useCallback, useRef, useState } from 'react';

/**
 * The editor's writes, one after another so a connection never precedes its node: `serial` runs `work` after every
 * write queued before it; `saving` while any is going on.
 */
export function useSerialWrites() {
  const [writes, setWrites] = useState(0);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const serial = useCallback(<T,>(work: () => Promise<T>): Promise<T> => {
    setWrites((n) => n + 1);
    const next = queue.current.then(work).finally(() => setWrites((n) => n - 1));
    queue.current = next.catch(() => undefined);
    return next;
  }, []);
  return { serial, saving: writes > 0 };
}

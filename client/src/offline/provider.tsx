/** Makes the signed-in user's sync engine (of the workspace they act in) available to the screens and runs its triggers while the shell is open. */
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { engineFor, type SyncEngine } from './engine.ts';

const EngineContext = createContext<SyncEngine | null>(null);

/** `workspaceId`: the workspace acted in (default: the account's own, whose id is the user id). */
export function OfflineProvider({ userId, workspaceId = userId, children }: { userId: string; workspaceId?: string; children: ReactNode }) {
  const engine = useMemo(() => engineFor(userId, workspaceId), [userId, workspaceId]);
  useEffect(() => {
    engine.start();
    return () => engine.stop();
  }, [engine]);
  return <EngineContext.Provider value={engine}>{children}</EngineContext.Provider>;
}

export function useSyncEngine(): SyncEngine {
  const engine = useContext(EngineContext);
  if (!engine) throw new Error('useSyncEngine fora de OfflineProvider');
  return engine;
}

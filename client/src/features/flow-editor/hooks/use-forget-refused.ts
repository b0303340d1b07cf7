/**
 * Refused changes leave the undo history: the offline layer already took their effect back and told the user, and
 * undo must never replay a phantom. A Dexie subscription rather than a live-query hook, so the refused list
 * changing never re-renders a 500-node canvas.
 */
import { liveQuery } from 'dexie';
import { useEffect, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { useSyncEngine } from '../../../offline/provider.tsx';
import type { EditorAction } from '../model/graph-actions.ts';
import * as history from '../model/history.ts';

/** `origins`: queued mutation id → the history entry it belongs to. */
export function useForgetRefused(origins: RefObject<Map<number, EditorAction>>, setStack: Dispatch<SetStateAction<history.History>>) {
  const { db } = useSyncEngine();
  useEffect(() => {
    const subscription = liveQuery(() => db.rejected.toCollection().primaryKeys()).subscribe((ids) => {
      const refused = ids.flatMap((id) => {
        const action = origins.current.get(id);
        origins.current.delete(id);
        return action ? [action] : [];
      });
      if (refused.length > 0) setStack((stack) => refused.reduce(history.forget, stack));
    });
    return () => subscription.unsubscribe();
  }, [db, origins, setStack]);
}

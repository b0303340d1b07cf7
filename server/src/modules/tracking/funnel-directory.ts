/**
 * The funnels the public endpoints serve, by public id, cached for a few seconds: at thousands of page views a
 * second a lookup per request would be most of the database's work. The funnels module drops an entry when it
 * changes a funnel (this instance sees the change at once); on PostgreSQL a trigger announces every change of a
 * funnel row (an edit, a delete, a cascade from its bot, channel or pixel) to every instance through the notifier
 * (`FUNNEL_CHANGED_TOPIC`), so the others drop it within milliseconds too. The TTL stays as the fallback for an
 * announcement missed while the listening connection was down. Unknown ids are cached too (briefly), so random ids
 * cost one query per id and TTL, not per request.
 */
import type { Queryable } from '../../db/client.ts';
import type { Notifier } from '../../db/notify.ts';
import { findTrackedFunnel, type TrackedFunnelRow } from './repository.ts';

export type TrackedFunnel = TrackedFunnelRow;

export type FunnelDirectory = {
  find(publicId: string): Promise<TrackedFunnel | undefined>;
  forget(publicId: string): void;
};

const MAX_ENTRIES = 50_000;
/** Sent by the funnels table's trigger (migration 0590) with `{ publicId }`. */
export const FUNNEL_CHANGED_TOPIC = 'tracking.funnel-changed';

export function createFunnelDirectory(sql: Queryable, options: { ttlMs?: number; peers?: Pick<Notifier, 'subscribe'> | undefined } = {}): FunnelDirectory {
  const ttlMs = options.ttlMs ?? 3000;
  const cache = new Map<string, { at: number; value: Promise<TrackedFunnel | undefined> }>();
  options.peers?.subscribe(FUNNEL_CHANGED_TOPIC, ({ payload }) => {
    if (typeof payload.publicId === 'string') cache.delete(payload.publicId);
  });
  return {
    find(publicId) {
      const now = Date.now();
      const hit = cache.get(publicId);
      if (hit && now - hit.at < ttlMs) return hit.value;
      if (cache.size >= MAX_ENTRIES) cache.clear();
      const value = findTrackedFunnel(sql, publicId);
      cache.set(publicId, { at: now, value });
      // A failed lookup is not remembered.
      value.catch(() => cache.delete(publicId));
      return value;
    },
    forget(publicId) {
      cache.delete(publicId);
    },
  };
}

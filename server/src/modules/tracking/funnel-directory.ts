/**
 * The funnels the public endpoints serve, by public id, cached for a few seconds: at thousands of page views a
 * second a lookup per request would be most of the database's work. The funnels module drops an entry when it
 * changes a funnel (this instance sees the change at once); another instance sees it within `ttlMs`. Unknown ids
 * are cached too (briefly), so random ids cost one query per id and TTL, not per request.
 */
import type { Queryable } from '../../db/client.ts';
import { findTrackedFunnel, type TrackedFunnelRow } from './repository.ts';

export type TrackedFunnel = TrackedFunnelRow;

export type FunnelDirectory = {
  find(publicId: string): Promise<TrackedFunnel | undefined>;
  forget(publicId: string): void;
};

const MAX_ENTRIES = 50_000;

export function createFunnelDirectory(sql: Queryable, ttlMs = 3000): FunnelDirectory {
  const cache = new Map<string, { at: number; value: Promise<TrackedFunnel | undefined> }>();
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

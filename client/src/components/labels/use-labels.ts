/** The workspace's labels from the offline cache (synced like every row), oldest first as the server lists them. */
import type { Label } from '@shared/labels/schemas.ts';
import { useCached } from '../../offline/hooks.ts';

export function useLabels(): Label[] | undefined {
  return useCached(async (db) => (await db.labels.toArray()).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id)), []);
}

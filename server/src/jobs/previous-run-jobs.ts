/**
 * Boot (docs/decisions.md#background-jobs): the jobs the runs this process replaces were running are claimed again
 * now (or swept dead on their last attempt), as once a lease runs out, without waiting for it (up to the minute of
 * a live lease, jobs/worker.ts). `instanceId` null: every running job (the embedded database belongs to one
 * process); else those claimed under this INSTANCE_ID. Answers how many leases ended.
 */
import type { Queryable } from '../db/client.ts';
import { endPreviousRunLeases } from './repository.ts';

export function endPreviousRunJobLeases(sql: Queryable, instanceId: string | null): Promise<number> {
  return endPreviousRunLeases(sql, instanceId);
}

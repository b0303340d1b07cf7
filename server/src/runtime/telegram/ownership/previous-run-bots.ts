/**
 * Boot (docs/decisions.md#scale-out): the polling leases of the runs this process replaces go back at once, with
 * their instance rows, so the first lease round claims the bots (and redoes their batches left without receipts)
 * instead of waiting for those leases to run out. `instanceId` null: every run (the embedded database belongs to one
 * process); else the runs under this INSTANCE_ID. Answers how many bots were released.
 */
import type { Sql } from '../../../db/client.ts';
import { releasePreviousRuns } from './polling-lease-repository.ts';

export function releasePreviousRunBots(sql: Sql, instanceId: string | null): Promise<number> {
  return releasePreviousRuns(sql, instanceId);
}

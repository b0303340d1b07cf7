/**
 * Boot (docs/decisions.md#broadcast-delivery): the recipients the runs this process replaces had claimed are failed
 * "Resultado incerto" at once, never sent again, instead of after their leases run out (the sending stays paused
 * until then: a broadcast with a claimed recipient is not finished). `instanceId` null: every claim (the embedded
 * database belongs to one process); else the claims made under this INSTANCE_ID. Answers how many were failed.
 */
import { BROADCAST_TEXTS } from '@shared/broadcasts/texts.ts';
import type { Sql } from '../../db/client.ts';
import { failAbandoned } from './delivery-repository.ts';

export function failPreviousRunClaims(sql: Sql, instanceId: string | null): Promise<number> {
  return failAbandoned(sql, BROADCAST_TEXTS.reasonUncertain, { instanceId });
}

/**
 * POST /sync/push: a batch of one client's envelopes, answered one fate per envelope, in order. Ids at or below the
 * client's last processed id are resends (no transaction: the last id only grows); the first id beyond last + 1 is
 * a gap, and so is everything after it, so the client resends from the gap in order.
 */
import type { MutationResult, PushResult } from '../../../../shared/sync/protocol.ts';
import type { pushRequestSchema } from '../../../../shared/sync/protocol.ts';
import type { z } from 'zod';
import { applyOne, resentResult, type SyncDeps } from './apply-one.ts';
import * as repo from './repository.ts';

export async function push(deps: SyncDeps, userId: string, request: z.output<typeof pushRequestSchema>): Promise<PushResult> {
  const clientId = request.mutations[0]?.clientId ?? '';
  await repo.ensureClient(deps.sql, userId, clientId);
  let last = await repo.lastMutationId(deps.sql, userId, clientId);
  const resent = new Set(request.mutations.filter((m) => m.mutationId <= last).map((m) => m.mutationId));
  const failures = resent.size > 0 ? await repo.findFailures(deps.sql, userId, clientId, [...resent]) : new Map();
  const results: MutationResult[] = [];
  let gap = false;
  for (const envelope of request.mutations) {
    if (gap) {
      results.push({ mutationId: envelope.mutationId, status: 'gap' });
      continue;
    }
    if (resent.has(envelope.mutationId)) {
      results.push(resentResult(envelope.mutationId, failures.get(envelope.mutationId)));
      continue;
    }
    const outcome = await applyOne(deps, userId, envelope);
    last = Math.max(last, outcome.lastMutationId);
    gap = outcome.result.status === 'gap';
    results.push(outcome.result);
  }
  return { lastMutationId: last, results };
}

/**
 * POST /sync/push: a batch of one client's envelopes, answered one fate per envelope, in order. Ids at or below the
 * client's last processed id are resends, answered without a transaction (the last id only grows); the rest goes
 * through bounded chunks (apply-chunk.ts). The first id beyond last + 1 is a gap, and so is everything after it,
 * so the client resends from the gap in order. `allowed` says which mutations the member's role may run: another one
 * is refused alone (ROLE_FORBIDDEN), recorded like any refusal, so the client shows it instead of replaying it. `pusher` is who pushes (their role's
 * `allowed`, and their id and origin for the audit lines of audited mutations).
 */
import type { z } from 'zod';
import type { MutationResult, PushResult, pushRequestSchema } from '@shared/sync/protocol.ts';
import type { Pusher } from '../audit/mutation-audit.ts';
import { applyChunk, type SyncDeps } from './apply-chunk.ts';
import * as repo from './repository.ts';

export async function push(deps: SyncDeps, userId: string, request: z.output<typeof pushRequestSchema>, pusher?: Pusher): Promise<PushResult> {
  const clientId = request.mutations[0]?.clientId ?? '';
  await repo.ensureClient(deps.sql, userId, clientId);
  let last = await repo.lastMutationId(deps.sql, userId, clientId);
  const resent = new Set(request.mutations.filter((m) => m.mutationId <= last).map((m) => m.mutationId));
  const failures = resent.size > 0 ? await repo.findFailures(deps.sql, userId, clientId, [...resent]) : new Map();
  const results: MutationResult[] = [];
  let rest = request.mutations;
  while (rest.length > 0) {
    const [next] = rest;
    if (next && resent.has(next.mutationId)) {
      results.push(repo.answerOf(next.mutationId, failures.get(next.mutationId), 'alreadyApplied'));
      rest = rest.slice(1);
      continue;
    }
    const chunk = await applyChunk(deps, userId, clientId, rest, pusher);
    results.push(...chunk.results);
    last = Math.max(last, chunk.lastMutationId);
    rest = chunk.gap ? [] : rest.slice(chunk.results.length);
    if (chunk.gap) results.push(...request.mutations.slice(results.length).map((m) => ({ mutationId: m.mutationId, status: 'gap' as const })));
  }
  // Live convergence: the other devices pull now rather than on their next poll. Sent after the commits above.
  if (results.some((result) => result.status === 'applied' || result.status === 'conflict')) deps.announceSync?.(userId, clientId);
  return { lastMutationId: last, results };
}

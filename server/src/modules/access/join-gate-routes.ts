/**
 * docs/product.md#api-acessos: the join gate of one chat (its rule, its decisions), for the `access` area like the
 * rest of paid access. Thin routes over join-gate-service.ts.
 */
import { Elysia } from 'elysia';
import { gateDecisionsQuerySchema, updateJoinGateInputSchema } from '@shared/access/join-gate.ts';
import { auditedGuard, type AuditTrailDeps } from '../audit/audited-guard.ts';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/validate.ts';
import * as gate from './join-gate-service.ts';

export function joinGateRoutes(deps: AuditTrailDeps) {
  return new Elysia({ prefix: '/gate' })
    .use(auditedGuard(deps))
    .get('/:channelId', async ({ userId, params }) => ok({ gate: await gate.getGate(deps.sql, userId, params.channelId) }))
    .put('/:channelId', async ({ userId, params, body }) => {
      const { rule } = parseInput(updateJoinGateInputSchema, body);
      return ok({ gate: await gate.setRule(deps.sql, userId, params.channelId, rule) });
    })
    .get('/:channelId/decisions', async ({ userId, params, query }) =>
      ok(await gate.listDecisions(deps.sql, userId, params.channelId, parseInput(gateDecisionsQuerySchema, query))));
}

import { Elysia } from 'elysia';
import {
  createFlowInputSchema,
  duplicateFlowInputSchema,
  flowDetailQuerySchema,
  toggleFlowInputSchema,
  updateFlowInputSchema,
} from '@shared/flows/schemas.ts';
import { testFlowInputSchema } from '@shared/flows/executions.ts';
import { FLOW_VARIABLES } from '@shared/flows/variables.ts';
import { auditedGuard } from '../audit/audited-guard.ts';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/validate.ts';
import { notFound } from '../../lib/errors.ts';
import type { BotRuntime } from '../../ports/bot-runtime.ts';
import type { AccessTokens } from '../auth/access-token.ts';
import * as flows from './service.ts';
import { duplicateFlow } from './duplicate-flow.ts';
import { graphRoutes } from './graph-routes.ts';


/** docs/product.md#api-flows flow calls. Static segments (`nodes`, `connections`, `messages`, `channel`) win over `/:id`. */
type Deps = flows.FlowsDeps & { accessTokens: AccessTokens; runtime: BotRuntime; trustProxy: boolean };

export function flowRoutes(deps: Deps) {
  return new Elysia().use(graphRoutes(deps)).use(flowCoreRoutes(deps));
}

function flowCoreRoutes(deps: Deps) {
  return new Elysia({ prefix: '/flows' })
    .use(auditedGuard(deps))
    .get('/', async ({ userId, query }) =>
      ok({ flows: await flows.listFlowItems(deps, userId, parseInput(flows.flowListQuerySchema, query)) }),
    )
    .post('/', async ({ userId, body, set }) => {
      const flow = await flows.createFlow(deps, userId, parseInput(createFlowInputSchema, body));
      set.status = 201;
      return ok({ flow });
    })
    .get('/channel/:channelId', async ({ userId, params }) => ok({ flows: await flows.listChannelFlows(deps, userId, params.channelId) }))
    .get('/:id', async ({ userId, params, query }) => {
      const { includeNodes } = parseInput(flowDetailQuerySchema, query);
      return ok({ flow: await flows.getFlow(deps, userId, params.id, includeNodes === 'true') });
    })
    .put('/:id', async ({ userId, params, body }) =>
      ok({ flow: await flows.updateFlow(deps, userId, params.id, parseInput(updateFlowInputSchema, body)) }),
    )
    .delete('/:id', async ({ userId, params }) => {
      await flows.deleteFlow(deps, userId, params.id);
      return ok({ deleted: true });
    })
    .post('/:id/duplicate', async ({ userId, params, body, set }) => {
      const { name } = parseInput(duplicateFlowInputSchema, body);
      const flow = await duplicateFlow(deps, userId, params.id, name);
      set.status = 201;
      return ok({ flow });
    })
    .patch('/:id/toggle', async ({ userId, params, body }) => {
      const { enabled } = parseInput(toggleFlowInputSchema, body);
      return ok({ flow: await flows.toggleFlow(deps, userId, params.id, enabled) });
    })
    .get('/:id/available-variables', async ({ userId, params }) => {
      await flows.ownedFlow(deps, userId, params.id);
      return ok({ variables: FLOW_VARIABLES });
    })
    // A dry run, or the flow run for one contact through its bot: the bot runtime does it, owner-checked there.
    .post('/:id/test', async ({ userId, params, body }) => {
      const result = await deps.runtime.testFlow(userId, params.id, parseInput(testFlowInputSchema, body ?? {}));
      if (!result) throw notFound();
      return ok({ result });
    });
}

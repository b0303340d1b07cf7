import { Elysia } from 'elysia';
import {
  createConnectionInputSchema,
  createMessageInputSchema,
  createNodeInputSchema,
  updateMessageInputSchema,
  updateNodeInputSchema,
} from '@shared/flows/graph.ts';
import { authGuard } from '../../http/auth-guard.ts';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/validate.ts';
import type { AccessTokens } from '../auth/access-token.ts';
import type { FlowsDeps } from './service.ts';
import * as nodes from './node-service.ts';
import * as connections from './connection-service.ts';
import * as messages from './message-service.ts';

/** Node, connection and message calls of docs/product.md#api-flow-graph (the editor's calls). */
export function graphRoutes(deps: FlowsDeps & { accessTokens: AccessTokens }) {
  return new Elysia({ prefix: '/flows' })
    .use(authGuard(deps.accessTokens))
    .post('/nodes', async ({ userId, body, set }) => {
      const node = await nodes.createNode(deps, userId, parseInput(createNodeInputSchema, body));
      set.status = 201;
      return ok({ node });
    })
    .put('/nodes/:id', async ({ userId, params, body }) =>
      ok({ node: await nodes.updateNode(deps, userId, params.id, parseInput(updateNodeInputSchema, body)) }),
    )
    .delete('/nodes/:id', async ({ userId, params }) => {
      await nodes.deleteNode(deps, userId, params.id);
      return ok({ deleted: true });
    })
    .get('/:id/nodes', async ({ userId, params }) => ok({ nodes: await nodes.listFlowNodes(deps, userId, params.id) }))
    .post('/connections', async ({ userId, body, set }) => {
      const connection = await connections.createConnection(deps, userId, parseInput(createConnectionInputSchema, body));
      set.status = 201;
      return ok({ connection });
    })
    .delete('/connections/:id', async ({ userId, params }) => {
      await connections.deleteConnection(deps, userId, params.id);
      return ok({ deleted: true });
    })
    .get('/:id/connections', async ({ userId, params }) =>
      ok({ connections: await connections.listFlowConnections(deps, userId, params.id) }),
    )
    .post('/:id/messages', async ({ userId, params, body, set }) => {
      const message = await messages.createMessage(deps, userId, params.id, parseInput(createMessageInputSchema, body));
      set.status = 201;
      return ok({ message });
    })
    .put('/messages/:id', async ({ userId, params, body }) =>
      ok({ message: await messages.updateMessage(deps, userId, params.id, parseInput(updateMessageInputSchema, body)) }),
    )
    .delete('/messages/:id', async ({ userId, params }) => {
      await messages.deleteMessage(deps, userId, params.id);
      return ok({ deleted: true });
    });
}

/** The editor's node and connection mutations of a sync push: the service calls of the /flows/nodes and /flows/connections routes. */
import type { graphMutationArgs } from '@shared/flows/graph-mutations.ts';
import { withFieldValues } from '@shared/sync/fields.ts';
import type { ServerMutationsOf } from '../sync/mutation.ts';
import * as connections from './connection-service.ts';
import * as nodes from './node-service.ts';

export const graphMutations: ServerMutationsOf<keyof typeof graphMutationArgs> = {
  // Nodes are rows of their own: creating, editing or moving them leaves a flow's and a channel's fields alone.
  'node.create': { run: (deps, userId, a) => nodes.createNode(deps, userId, a.node), unrelated: true },
  'node.update': {
    run: (deps, userId, a) => nodes.updateNode(deps, userId, a.nodeId, a.changes),
    unrelated: true,
    // Label, order and each setting of its config; its position is last-writer-wins (shared/sync/fields.ts).
    fields: {
      target: (a) => ({ table: 'flowNodes', rowId: a.nodeId }),
      keep: (a, values) => ({ ...a, changes: withFieldValues(a.changes, values) }),
    },
  },
  'node.savePositions': { run: (deps, userId, a) => nodes.saveNodePositions(deps, userId, a.flowId, a.positions), unrelated: true },
  'node.delete': { run: (deps, userId, a) => nodes.deleteNode(deps, userId, a.nodeId), savepoint: true },
  'connection.create': { run: (deps, userId, a) => connections.createConnection(deps, userId, a.connection), savepoint: true },
  'connection.delete': { run: (deps, userId, a) => connections.deleteConnection(deps, userId, a.connectionId), savepoint: true },
};

/** Builds flows through the real API for the engine tests: flow, nodes with configs, connections by handle. */
import { flowResponseSchema } from '@shared/flows/schemas.ts';
import { connectionResponseSchema, nodeResponseSchema } from '@shared/flows/graph.ts';
import { nodeTypeOf } from '@shared/flows/node-catalog.ts';
import type { TestServer } from './start-test-server.ts';

export function flowBuilder(server: Pick<TestServer, 'api'>, auth: { token: string }, botId: string) {
  const call = async (method: string, path: string, json?: unknown) => {
    const response = await server.api(`/api${path}`, { method, token: auth.token, ...(json === undefined ? {} : { json }) });
    return { status: response.status, body: (await response.json()) as unknown };
  };
  const must = (what: string, answer: { status: number; body: unknown }, status: number) => {
    if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  return {
    call,
    async flow(extra: Record<string, unknown> = {}) {
      const body = must('create flow', await call('POST', '/flows', { name: 'Fluxo', botId, executionContexts: ['private'], ...extra }), 201);
      return flowResponseSchema.parse(body).data.flow.id;
    },
    async node(flowId: string, subType: string, config: Record<string, unknown> = {}, order = 0) {
      const body = must(`create ${subType}`, await call('POST', '/flows/nodes', { flowId, type: nodeTypeOf(subType), subType, config, order }), 201);
      return nodeResponseSchema.parse(body).data.node.id;
    },
    async connect(flowId: string, sourceNodeId: string, targetNodeId: string, sourceHandle = 'default') {
      const body = must('connect', await call('POST', '/flows/connections', { flowId, sourceNodeId, targetNodeId, sourceHandle }), 201);
      return connectionResponseSchema.parse(body).data.connection.id;
    },
    /** A straight chain trigger → a → b …, by default handles. */
    async chain(flowId: string, ids: string[]) {
      for (let index = 1; index < ids.length; index += 1) await this.connect(flowId, ids[index - 1] ?? '', ids[index] ?? '');
    },
  };
}

/** One user's flow calls over the test server, for the flow tests: answers are parsed with the shared schemas. */
import type { z } from 'zod';
import { failureEnvelopeSchema } from '@shared/api/envelope.ts';
import { flowResponseSchema } from '@shared/flows/schemas.ts';
import { nodeResponseSchema } from '@shared/flows/graph.ts';
import { insertBot, registerUser } from './fixtures.ts';
import type { TestServer } from './start-test-server.ts';

export type Answer = { status: number; body: unknown };

export const parsed = <S extends z.ZodType>(answer: Answer, schema: S): z.output<S> => schema.parse(answer.body);
export const failure = (answer: Answer) => failureEnvelopeSchema.parse(answer.body);

export async function flowUser(server: TestServer) {
  const session = await registerUser(server);
  const botId = await insertBot(server, session.user.id);
  const call = async (method: string, path: string, json?: unknown): Promise<Answer> => {
    const response = await server.api(`/api${path}`, { method, token: session.tokens.accessToken, ...(json === undefined ? {} : { json }) });
    return { status: response.status, body: await response.json() };
  };
  const createFlow = async (extra: Record<string, unknown> = {}) => {
    const answer = await call('POST', '/flows', { name: 'Boas-vindas', botId, executionContexts: ['private'], ...extra });
    if (answer.status !== 201) throw new Error(`create flow: ${answer.status} ${JSON.stringify(answer.body)}`);
    return parsed(answer, flowResponseSchema).data.flow.id;
  };
  const createNode = async (flowId: string, subType: string, type: string, extra: Record<string, unknown> = {}) => {
    const answer = await call('POST', '/flows/nodes', { flowId, type, subType, position: { x: 10, y: 20 }, ...extra });
    if (answer.status !== 201) throw new Error(`create node: ${answer.status} ${JSON.stringify(answer.body)}`);
    return parsed(answer, nodeResponseSchema).data.node;
  };
  return { session, botId, userId: session.user.id, call, createFlow, createNode };
}

import { testFlowResponseSchema, type TestFlowInput, type TestFlowResult } from '@shared/flows/executions.ts';
import { api } from '../../../lib/api.ts';

export const TEST_TEXTS = { error: 'Erro ao testar o fluxo' } as const;

/** The chat input of a test: a message, or a button press (with the message the chat started with). */
export type TestChatInput = Pick<TestFlowInput, 'text' | 'buttonData'>;

/**
 * POST /flows/{id}/test without a contact: a dry run for a sample contact, nothing sent; the server runs only what
 * the input would start, matched as the engine matches it (docs/decisions.md#d-flow-engine).
 */
export async function testFlow(flowId: string, input: TestChatInput): Promise<TestFlowResult> {
  const body = await api.post(`/flows/${encodeURIComponent(flowId)}/test`, input, { schema: testFlowResponseSchema, fallbackMessage: TEST_TEXTS.error });
  return body.data.result;
}

import { testFlowResponseSchema, type TestFlowResult } from '@shared/flows/executions.ts';
import { api } from '../../../lib/api.ts';

export const TEST_TEXTS = { error: 'Erro ao testar o fluxo' } as const;

/** POST /flows/{id}/test without a contact: a dry run for a sample contact, nothing sent (docs/decisions.md#d-flow-engine). */
export async function testFlow(flowId: string): Promise<TestFlowResult> {
  const body = await api.post(`/flows/${encodeURIComponent(flowId)}/test`, {}, { schema: testFlowResponseSchema, fallbackMessage: TEST_TEXTS.error });
  return body.data.result;
}

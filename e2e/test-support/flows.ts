/** Builds flows through the API for journeys that start from an existing flow (the editor UI is tested elsewhere). */
import type { APIRequestContext } from '@playwright/test';

const TYPES: Record<string, string> = { trigger_command: 'trigger', trigger_message: 'trigger', send_text: 'action', send_media: 'action', send_buttons: 'action', delay: 'action' };

export function flowApi(request: APIRequestContext, accessToken: string) {
  const headers = { Authorization: `Bearer ${accessToken}` };
  const post = async (path: string, data: unknown) => {
    const response = await request.post(`/api${path}`, { headers, data });
    if (response.status() !== 201) throw new Error(`POST ${path}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as { data: Record<string, { id: string }> };
  };
  return {
    async flow(botId: string, name: string) {
      return (await post('/flows', { name, botId, executionContexts: ['private'] })).data.flow?.id ?? '';
    },
    async node(flowId: string, subType: string, config: Record<string, unknown>, position: { x: number; y: number }) {
      return (await post('/flows/nodes', { flowId, type: TYPES[subType], subType, config, position })).data.node?.id ?? '';
    },
    async connect(flowId: string, sourceNodeId: string, targetNodeId: string, sourceHandle = 'default') {
      await post('/flows/connections', { flowId, sourceNodeId, targetNodeId, sourceHandle });
    },
  };
}

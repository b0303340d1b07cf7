/** The editor's calls (part 1 §7 flow, node and connection calls); each names its part 2 §8 fallback text. */
import { flowResponseSchema, type FlowDetail, type FlowSummary } from '../../../../../shared/flows/schemas.ts';
import { connectionResponseSchema, nodeResponseSchema, type FlowConnection, type FlowNode, type UpdateNodeInput } from '../../../../../shared/flows/graph.ts';
import { api } from '../../../lib/api.ts';
import { EDITOR_TOASTS } from './editor-texts.ts';

const flowPath = (flowId: string) => `/flows/${encodeURIComponent(flowId)}`;

export async function getFlowGraph(flowId: string): Promise<FlowDetail> {
  return (await api.get(flowPath(flowId), { schema: flowResponseSchema, fallbackMessage: EDITOR_TOASTS.loadError })).data.flow;
}

export async function renameFlow(flowId: string, name: string): Promise<FlowSummary> {
  return (await api.request(flowPath(flowId), { method: 'PUT', body: { name }, schema: flowResponseSchema, fallbackMessage: EDITOR_TOASTS.renameError })).data.flow;
}

export async function setFlowEnabled(flowId: string, enabled: boolean): Promise<FlowSummary> {
  const body = await api.request(`${flowPath(flowId)}/toggle`, { method: 'PATCH', body: { enabled }, schema: flowResponseSchema, fallbackMessage: EDITOR_TOASTS.toggleError });
  return body.data.flow;
}

export async function createNode(node: FlowNode): Promise<void> {
  const { id, flowId, type, subType, position, config, label, order } = node;
  await api.post('/flows/nodes', { id, flowId, type, subType, position, config, label, order }, { schema: nodeResponseSchema, fallbackMessage: EDITOR_TOASTS.addNodeError });
}

export async function updateNode(nodeId: string, patch: UpdateNodeInput, fallbackMessage: string): Promise<void> {
  await api.request(`/flows/nodes/${encodeURIComponent(nodeId)}`, { method: 'PUT', body: patch, schema: nodeResponseSchema, fallbackMessage });
}

export async function deleteNode(nodeId: string): Promise<void> {
  await api.request(`/flows/nodes/${encodeURIComponent(nodeId)}`, { method: 'DELETE', fallbackMessage: EDITOR_TOASTS.deleteNodeError });
}

export async function createConnection(connection: FlowConnection): Promise<void> {
  const { id, flowId, sourceNodeId, targetNodeId, sourceHandle, targetHandle } = connection;
  await api.post('/flows/connections', { id, flowId, sourceNodeId, targetNodeId, sourceHandle, targetHandle }, { schema: connectionResponseSchema, fallbackMessage: EDITOR_TOASTS.connectError });
}

export async function deleteConnection(connectionId: string): Promise<void> {
  await api.request(`/flows/connections/${encodeURIComponent(connectionId)}`, { method: 'DELETE', fallbackMessage: EDITOR_TOASTS.disconnectError });
}

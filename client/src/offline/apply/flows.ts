/** Optimistic effects of the flow mutations, mirroring the server's flows service. */
import type { MutationWriter } from '../writer.ts';
import type { ApplyFn } from './types.ts';

export async function deleteFlowCascade(writer: MutationWriter, flowId: string) {
  for (const node of await writer.where('flowNodes', 'flowId', flowId)) await writer.delete('flowNodes', node.id);
  for (const connection of await writer.where('flowConnections', 'flowId', flowId)) await writer.delete('flowConnections', connection.id);
  await writer.delete('flows', flowId);
}

export const applyFlowCreate: ApplyFn<'flow.create'> = async (writer, { flow }, at) => {
  // The contract requires a client id here; without one there is nothing the list could show yet.
  if (!flow.id) return;
  await writer.put('flows', {
    id: flow.id,
    botId: flow.botId,
    name: flow.name,
    description: flow.description ?? null,
    enabled: true,
    triggerType: flow.trigger.type,
    executionContexts: flow.executionContexts,
    allowedChannelIds: flow.allowedChannelIds,
    createdAt: at,
    updatedAt: at,
  });
};

export const applyFlowUpdate: ApplyFn<'flow.update'> = (writer, { flowId, changes }, at) =>
  writer.update('flows', flowId, (flow) => ({
    ...flow,
    name: changes.name ?? flow.name,
    description: changes.description === undefined ? flow.description : changes.description,
    triggerType: changes.trigger?.type ?? flow.triggerType,
    executionContexts: changes.executionContexts ?? flow.executionContexts,
    allowedChannelIds: changes.allowedChannelIds ?? flow.allowedChannelIds,
    enabled: changes.enabled ?? flow.enabled,
    updatedAt: at,
  }));

export const applyFlowSetEnabled: ApplyFn<'flow.setEnabled'> = (writer, { flowId, enabled }, at) =>
  writer.update('flows', flowId, (flow) => ({ ...flow, enabled, updatedAt: at }));

export const applyFlowDelete: ApplyFn<'flow.delete'> = (writer, { flowId }) => deleteFlowCascade(writer, flowId);

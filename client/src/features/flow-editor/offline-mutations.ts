/** The editor's node and connection mutations on this device: optimistic effects mirroring the server's graph services, and their pt-BR names. */
import { FLOW_PENDING, flowButtonValue, parseButtonHandle, withButtonValue } from '@shared/flows/buttons.ts';
import type { FlowConnection } from '@shared/flows/graph.ts';
import { isNodeSubType, SUBTYPE_LABELS } from '@shared/flows/node-catalog.ts';
import { parseNodeConfig } from '@shared/flows/node-configs.ts';
import type { graphMutationArgs } from '@shared/flows/graph-mutations.ts';
import type { ApplyFn, ClientMutationsOf } from '../../offline/mutations/declaration.ts';
import type { MutationWriter } from '../../offline/writer.ts';

/**
 * A button edge points its button at the target (`flow_{id}`) and removing it makes the button pending again, as
 * the server's connection service does; without this a later node.update from the editor would send the stale value.
 */
async function pointButton(writer: MutationWriter, edge: Pick<FlowConnection, 'sourceNodeId' | 'sourceHandle'>, value: string, at: string) {
  if (!parseButtonHandle(edge.sourceHandle)) return;
  await writer.update('flowNodes', edge.sourceNodeId, (node) => {
    const config = withButtonValue(node.config, edge.sourceHandle, value);
    return config === node.config ? node : { ...node, config, updatedAt: at };
  });
}

const applyNodeCreate: ApplyFn<'node.create'> = async (writer, { node }, at) => {
  if (!node.id) return;
  await writer.put('flowNodes', {
    id: node.id,
    flowId: node.flowId,
    type: node.type,
    subType: node.subType,
    label: node.label || SUBTYPE_LABELS[node.subType],
    position: node.position,
    config: node.config,
    order: node.order,
    createdAt: at,
    updatedAt: at,
  });
};

/** A config is stored as the server stores it: checked against the subtype, with its defaults filled in. */
function storedConfig(subType: string, config: Record<string, unknown>): Record<string, unknown> {
  if (!isNodeSubType(subType)) return config;
  const parsed = parseNodeConfig(subType, config);
  // A config the server will refuse stays as typed until the refusal takes the change back.
  return parsed.success ? parsed.data : config;
}

const applyNodeUpdate: ApplyFn<'node.update'> = (writer, { nodeId, changes }, at) =>
  writer.update('flowNodes', nodeId, (node) => ({
    ...node,
    label: changes.label || node.label,
    position: changes.position ?? node.position,
    config: changes.config ? storedConfig(node.subType, changes.config) : node.config,
    order: changes.order ?? node.order,
    updatedAt: at,
  }));

/** Moved nodes: only nodes of that flow move, as on the server (a node moved to no flow of this list is skipped). */
const applyNodeSavePositions: ApplyFn<'node.savePositions'> = async (writer, { flowId, positions }, at) => {
  for (const { nodeId, position } of positions) {
    await writer.update('flowNodes', nodeId, (node) => (node.flowId === flowId ? { ...node, position, updatedAt: at } : node));
  }
};

/** A node's connections go with it, on the server and here; buttons that pointed at it become pending. */
const applyNodeDelete: ApplyFn<'node.delete'> = async (writer, { nodeId }, at) => {
  const node = await writer.get('flowNodes', nodeId);
  if (!node) return;
  for (const connection of await writer.where('flowConnections', 'flowId', node.flowId)) {
    if (connection.sourceNodeId !== nodeId && connection.targetNodeId !== nodeId) continue;
    if (connection.sourceNodeId !== nodeId) await pointButton(writer, connection, FLOW_PENDING, at);
    await writer.delete('flowConnections', connection.id);
  }
  await writer.delete('flowNodes', nodeId);
};

const applyConnectionCreate: ApplyFn<'connection.create'> = async (writer, { connection }, at) => {
  if (!connection.id) return;
  await writer.put('flowConnections', {
    id: connection.id,
    flowId: connection.flowId,
    sourceNodeId: connection.sourceNodeId,
    targetNodeId: connection.targetNodeId,
    sourceHandle: connection.sourceHandle,
    targetHandle: connection.targetHandle,
    label: connection.label ?? null,
    createdAt: at,
  });
  await pointButton(writer, connection, flowButtonValue(connection.targetNodeId), at);
};

const applyConnectionDelete: ApplyFn<'connection.delete'> = async (writer, { connectionId }, at) => {
  const connection = await writer.get('flowConnections', connectionId);
  if (connection) await pointButton(writer, connection, FLOW_PENDING, at);
  await writer.delete('flowConnections', connectionId);
};

export const graphMutations: ClientMutationsOf<keyof typeof graphMutationArgs> = {
  'node.create': { apply: applyNodeCreate, label: 'Adicionar nó', refusalTitle: 'Erro ao adicionar nó' },
  'node.update': { apply: applyNodeUpdate, label: 'Editar nó', refusalTitle: 'Erro ao atualizar nó' },
  'node.savePositions': { apply: applyNodeSavePositions, label: 'Mover nós', refusalTitle: 'Erro ao salvar fluxo' },
  'node.delete': { apply: applyNodeDelete, label: 'Remover nó', refusalTitle: 'Erro ao deletar nó' },
  'connection.create': { apply: applyConnectionCreate, label: 'Criar conexão', refusalTitle: 'Erro ao criar conexão' },
  'connection.delete': { apply: applyConnectionDelete, label: 'Remover conexão', refusalTitle: 'Erro ao deletar conexão' },
};

/** The flow mutations on this device: optimistic effects mirroring the server's flows service, and their pt-BR names. */
import type { flowMutationArgs } from '@shared/flows/mutations.ts';
import { deleteFlowCascade } from '../../offline/mutations/cascades.ts';
import type { ApplyFn, ClientMutationsOf } from '../../offline/mutations/declaration.ts';

const applyFlowCreate: ApplyFn<'flow.create'> = async (writer, { flow }, at) => {
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

const applyFlowUpdate: ApplyFn<'flow.update'> = (writer, { flowId, changes }, at) =>
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

export const flowMutations: ClientMutationsOf<keyof typeof flowMutationArgs> = {
  'flow.create': { apply: applyFlowCreate, label: 'Criar fluxo', refusalTitle: 'Erro ao criar fluxo' },
  'flow.update': {
    apply: applyFlowUpdate,
    label: 'Editar fluxo',
    // The editor's name field saves only the name: its own text (docs/product.md#toasts-editor).
    refusalTitle: (args) =>
      args !== undefined && Object.keys(args.changes).every((key) => key === 'name') ? 'Erro ao atualizar nome' : 'Erro ao atualizar fluxo',
  },
  'flow.setEnabled': {
    apply: (writer, { flowId, enabled }, at) => writer.update('flows', flowId, (flow) => ({ ...flow, enabled, updatedAt: at })),
    label: (args) => (args === undefined ? 'Ativar ou desativar fluxo' : args.enabled ? 'Ativar fluxo' : 'Desativar fluxo'),
    refusalTitle: 'Erro ao atualizar status do fluxo',
  },
  'flow.delete': {
    apply: (writer, { flowId }) => deleteFlowCascade(writer, flowId),
    label: 'Remover fluxo',
    refusalTitle: 'Erro ao remover fluxo',
  },
};

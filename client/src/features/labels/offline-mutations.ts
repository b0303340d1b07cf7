/** The label mutations on this device: optimistic effects mirroring the server's labels service, and their pt-BR names. */
import type { labelMutationArgs } from '@shared/labels/mutations.ts';
import type { ClientMutationsOf } from '../../offline/mutations/declaration.ts';

export const labelMutations: ClientMutationsOf<keyof typeof labelMutationArgs> = {
  'label.create': {
    apply: (writer, { label }, at) => writer.put('labels', { id: label.id ?? '', name: label.name, color: label.color, createdAt: at }),
    label: (args) => (args ? `Criar etiqueta “${args.label.name}”` : 'Criar etiqueta'),
    refusalTitle: 'Erro ao criar etiqueta',
  },
  'label.update': {
    apply: (writer, { labelId, changes }) =>
      writer.update('labels', labelId, (label) => ({
        ...label,
        ...(changes.name === undefined ? {} : { name: changes.name }),
        ...(changes.color === undefined ? {} : { color: changes.color }),
      })),
    label: 'Editar etiqueta',
    refusalTitle: 'Erro ao atualizar etiqueta',
  },
  'label.delete': {
    /** As the server: the label leaves every contact that carried it. */
    apply: async (writer, { labelId }) => {
      for (const contact of await writer.where('contacts', 'labelIds', labelId)) {
        await writer.put('contacts', { ...contact, labelIds: contact.labelIds.filter((id) => id !== labelId) });
      }
      await writer.delete('labels', labelId);
    },
    label: 'Excluir etiqueta',
    refusalTitle: 'Erro ao excluir etiqueta',
  },
  'contact.setLabels': {
    apply: (writer, { contactId, labelIds }) => writer.update('contacts', contactId, (contact) => ({ ...contact, labelIds })),
    label: 'Alterar etiquetas do contato',
    refusalTitle: 'Erro ao alterar etiquetas do contato',
  },
};

/** Toasts of docs/product.md#toasts-contacts, verbatim, and the removal question (docs/product.md#confirmations). */
export const CONTACT_TOASTS = {
  loadError: 'Erro ao carregar contatos',
  statsError: 'Erro ao carregar estatísticas',
  updateError: 'Erro ao atualizar contato',
  removeError: 'Erro ao remover contato',
  updateSuccess: 'Contato atualizado com sucesso!',
  removeSuccess: 'Contato removido com sucesso!',
} as const;

export const REMOVE_CONTACT_QUESTION = 'Tem certeza que deseja remover este contato? As mensagens dele também serão removidas.';

/** How a conflict is told to the user (docs/offline-sync.md#rule-6), in pt-BR: both values and when the other one was set. */
import type { FieldConflict } from '@shared/sync/protocol.ts';

export const CONFLICT_TEXTS = {
  title: 'Conflito',
  keepServer: 'Manter o do servidor',
  applyMine: 'Aplicar o meu',
  count: (count: number) => (count === 1 ? '1 conflito' : `${count} conflitos`),
  toast: (label: string) => `Conflito: ${label}`,
  toastDescription: 'Outro aparelho alterou antes de esta alteração chegar; o valor mais recente foi mantido. Veja em "Ver alterações".',
  applied: 'Seu valor será aplicado',
  kept: 'Mantido o valor do servidor',
} as const;

/** Names of the fields users edit (shared/sync/fields.ts); a node setting without a name shows its key. */
const FIELD_NAMES: Record<string, string> = {
  name: 'Nome',
  description: 'Descrição',
  enabled: 'Ativo',
  triggerType: 'Gatilho',
  executionContexts: 'Onde executa',
  allowedChannelIds: 'Canais',
  label: 'Nome do nó',
  order: 'Ordem',
  message: 'Mensagem',
  triggerOn: 'Quando enviar',
  autoApprove: 'Aprovar entrada',
  sendToPrivate: 'Enviar no privado',
  buttons: 'Botões',
  isActive: 'Ativo',
  broadcastRate: 'Mensagens por segundo',
  firstName: 'Nome',
  lastName: 'Sobrenome',
  phoneNumber: 'Telefone',
  assigneeId: 'Responsável',
  status: 'Situação',
  'config.duration': 'Duração',
  'config.unit': 'Unidade',
  'config.message': 'Mensagem',
  'config.text': 'Texto',
  'config.url': 'Endereço',
};

export const fieldName = (field: string): string => FIELD_NAMES[field] ?? field.replace(/^config\./, '');

export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(vazio)';
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

const timeFormat = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' });
const dayFormat = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit' });

/** "às 14:32" today, "em 26/11 às 14:32" another day. */
export function whenChanged(at: string, now = new Date()): string {
  const date = new Date(at);
  const time = `às ${timeFormat.format(date)}`;
  return date.toDateString() === now.toDateString() ? time : `em ${dayFormat.format(date)} ${time}`;
}

/** "neste aparelho: 7 · no servidor: 9, alterado em outro aparelho às 14:32" */
export function describeConflict(conflict: FieldConflict, now = new Date()): string {
  const where = conflict.byOtherDevice ? 'em outro aparelho' : 'no servidor';
  return `neste aparelho: ${formatValue(conflict.mine)} · no servidor: ${formatValue(conflict.server)}, alterado ${where} ${whenChanged(conflict.changedAt, now)}`;
}

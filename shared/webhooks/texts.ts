/** pt-BR texts of the webhooks screen (docs/product.md#screen-webhooks): toasts, states and the signature's how-to. */
import { WEBHOOK_EVENT_GROUPS } from './events.ts';

export const WEBHOOK_TOASTS = {
  loadFailed: 'Erro ao carregar webhooks',
  created: 'Webhook criado',
  createFailed: 'Erro ao criar webhook',
  updated: 'Webhook atualizado',
  updateFailed: 'Erro ao salvar webhook',
  paused: 'Webhook pausado',
  resumed: 'Webhook reativado',
  deleted: 'Webhook excluído',
  deleteFailed: 'Erro ao excluir webhook',
  testQueued: 'Evento de teste enviado para a fila',
  testFailed: 'Erro ao enviar evento de teste',
  redelivered: 'Entrega reenviada para a fila',
  redeliverFailed: 'Erro ao reenviar entrega',
  deliveriesFailed: 'Erro ao carregar entregas',
} as const;

export const WEBHOOK_SCREEN_TEXTS = {
  empty: 'Nenhum webhook cadastrado',
  emptyHint: 'Cadastre uma URL para receber, em tempo real, os eventos dos seus bots, contatos e acessos.',
  offline: 'Você está offline: os webhooks ficam no servidor e voltam com a conexão.',
  stateActive: 'Ativo',
  statePaused: 'Pausado',
  stateFailing: 'Pausado por falhas',
  noDelivery: 'Nenhuma entrega ainda',
  noDeliveries: 'Nenhuma entrega registrada para este webhook.',
  secretOnce: 'Copie o segredo agora: por segurança, ele não volta a ser exibido nesta tela.',
  signatureHelp:
    'Cada entrega traz o cabeçalho X-Canalize-Signature no formato t=<unix>,v1=<assinatura>. Para conferir, calcule o HMAC-SHA256 ' +
    'de "t.corpo" (o valor de t, um ponto e o corpo bruto da requisição) com este segredo e compare, em hexadecimal, com v1. ' +
    'Recuse entregas com t de mais de 5 minutos atrás e use o cabeçalho X-Canalize-Event-Id para ignorar repetições.',
  confirmDelete: (url: string) => `Excluir o webhook de ${url}? As entregas pendentes serão descartadas e esta ação não pode ser desfeita.`,
  count: (count: number) => (count === 1 ? '1 webhook' : `${count} webhooks`),
  eventsCount: (count: number) => (count === 1 ? '1 evento' : `${count} eventos`),
  attempts: (count: number) => (count === 1 ? '1 tentativa' : `${count} tentativas`),
} as const;

const LABELS = new Map<string, string>([
  ...WEBHOOK_EVENT_GROUPS.flatMap((group) => group.events.map((event): [string, string] => [event.type, event.label])),
  ['webhook.test', 'Evento de teste'],
]);

/** The pt-BR name of an event type; an unknown one (from a newer server) shows as sent. */
export const webhookEventLabel = (type: string): string => LABELS.get(type) ?? type;

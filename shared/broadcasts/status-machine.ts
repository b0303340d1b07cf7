/**
 * A broadcast's life (docs/product.md#state-broadcast): its statuses with their pt-BR labels, the allowed
 * transitions, what the interface offers per status, and a recipient's outcome statuses.
 */

export const BROADCAST_STATUSES = ['DRAFT', 'SCHEDULED', 'SENDING', 'COMPLETED', 'FAILED', 'CANCELLED'] as const;
export type BroadcastStatus = (typeof BROADCAST_STATUSES)[number];

export const BROADCAST_STATUS_LABELS: Record<BroadcastStatus, string> = {
  DRAFT: 'Rascunho',
  SCHEDULED: 'Agendado',
  SENDING: 'Enviando',
  COMPLETED: 'Concluído',
  FAILED: 'Falhou',
  CANCELLED: 'Cancelado',
};

/**
 * Every allowed transition; anything else answers 422 BROADCAST_INVALID_TRANSITION. `stop` ('Parar') is
 * SENDING → FAILED with "Envio parado pelo usuário": the unsent recipients are kept and FAILED → SENDING sends
 * only those.
 */
export const BROADCAST_TRANSITIONS = [
  { from: 'DRAFT', to: 'SCHEDULED', when: 'save' },
  { from: 'DRAFT', to: 'SENDING', when: 'send' },
  { from: 'SCHEDULED', to: 'SENDING', when: 'send' },
  { from: 'SCHEDULED', to: 'SENDING', when: 'schedule' },
  { from: 'SCHEDULED', to: 'CANCELLED', when: 'cancel' },
  { from: 'SENDING', to: 'COMPLETED', when: 'finished' },
  { from: 'SENDING', to: 'FAILED', when: 'finished' },
  { from: 'SENDING', to: 'FAILED', when: 'fatal' },
  { from: 'SENDING', to: 'FAILED', when: 'stop' },
  { from: 'FAILED', to: 'SENDING', when: 'send' },
] as const satisfies readonly { from: BroadcastStatus; to: BroadcastStatus; when: string }[];

export const canTransition = (from: BroadcastStatus, to: BroadcastStatus) =>
  BROADCAST_TRANSITIONS.some((transition) => transition.from === from && transition.to === to);

/** What the interface offers per status (docs/product.md#screen-broadcasts, #screen-broadcast-detail). */
export const BROADCAST_ACTIONS = {
  details: BROADCAST_STATUSES,
  edit: ['DRAFT', 'SCHEDULED', 'FAILED'],
  send: ['DRAFT', 'SCHEDULED', 'FAILED'],
  cancel: ['SCHEDULED'],
  stop: ['SENDING'],
  duplicate: BROADCAST_STATUSES,
  delete: ['DRAFT', 'SCHEDULED', 'COMPLETED', 'FAILED', 'CANCELLED'],
} as const satisfies Record<string, readonly BroadcastStatus[]>;
export type BroadcastAction = keyof typeof BROADCAST_ACTIONS;

export const canDo = (action: BroadcastAction, status: BroadcastStatus) =>
  (BROADCAST_ACTIONS[action] as readonly BroadcastStatus[]).includes(status);

/** The pt-BR text of a refused transition (the 422's message). */
export const transitionRefusal = (from: BroadcastStatus, action: string) =>
  `Não é possível ${action} um disparo com status ${BROADCAST_STATUS_LABELS[from]}`;

/** A recipient's outcome; one being sent right now reads as pending. */
export const RECIPIENT_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];
export const RECIPIENT_STATUS_LABELS: Record<RecipientStatus, string> = { pending: 'Pendente', sent: 'Enviado', failed: 'Falhou', skipped: 'Ignorado' };

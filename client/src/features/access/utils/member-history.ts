import type { AccessCause } from '@shared/access/texts.ts';

export const ACCESS_CAUSE_LABELS: Record<AccessCause, string> = { webhook: 'Webhook', operator: 'Operador', schedule: 'Agendamento', telegram: 'Telegram' };

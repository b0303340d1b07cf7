import { ListChecks, Pause, Pencil, Play, Send, Trash2 } from 'lucide-react';
import type { WebhookListItem } from '@shared/webhooks/schemas.ts';
import { RowActions, type RowAction } from '../../../components/ui/row-actions.tsx';
import { webhookState } from './webhook-status.tsx';

export type WebhookAction = 'deliveries' | 'test' | 'edit' | 'pause' | 'resume' | 'remove';

const VIEW: Record<WebhookAction, RowAction<WebhookAction>> = {
  deliveries: { key: 'deliveries', label: 'Entregas', icon: ListChecks },
  test: { key: 'test', label: 'Enviar teste', icon: Send },
  edit: { key: 'edit', label: 'Editar', icon: Pencil },
  pause: { key: 'pause', label: 'Pausar', icon: Pause },
  resume: { key: 'resume', label: 'Reativar', icon: Play },
  remove: { key: 'remove', label: 'Excluir', icon: Trash2, danger: true },
};

type Props = { webhook: WebhookListItem; onAction: (action: WebhookAction, webhook: WebhookListItem) => void; compact?: boolean; disabled?: boolean };

/** Entregas, Enviar teste, Editar, Pausar (an active one) or Reativar (a paused one), Excluir. */
export function WebhookActions({ webhook, onAction, compact = false, disabled = false }: Props) {
  const keys: WebhookAction[] = ['deliveries', 'test', 'edit', webhookState(webhook) === 'active' ? 'pause' : 'resume', 'remove'];
  return <RowActions actions={keys.map((key) => VIEW[key])} name={webhook.url} onAction={(key) => onAction(key, webhook)} compact={compact} disabled={disabled} />;
}

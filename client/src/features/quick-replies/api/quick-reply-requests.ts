/**
 * Quick replies ("Respostas rápidas"): read from this device's cache (synced table `quickReplies`, so the list and
 * the reply box's `/` picker work offline), changed online only — a shortcut must be unique in the workspace, which
 * only the server can tell when saving. After a change the cache is pulled at once.
 */
import { z } from 'zod';
import type { QuickReply, QuickReplyInput } from '@shared/quick-replies/schemas.ts';
import { quickReplyResponseSchema } from '@shared/quick-replies/schemas.ts';
import { api } from '../../../lib/api.ts';
import { useCached } from '../../../offline/hooks.ts';

export const QUICK_REPLY_TOASTS = {
  created: 'Resposta rápida criada',
  saved: 'Resposta rápida salva',
  deleted: 'Resposta rápida excluída',
  saveFailed: 'Erro ao salvar a resposta rápida',
  deleteFailed: 'Erro ao excluir a resposta rápida',
} as const;

const deletedSchema = z.object({ success: z.literal(true) });

export const quickReplyRequests = {
  create: async (input: QuickReplyInput) =>
    (await api.post('/quick-replies', input, { schema: quickReplyResponseSchema, fallbackMessage: QUICK_REPLY_TOASTS.saveFailed })).data.quickReply,
  update: async (id: string, input: QuickReplyInput) =>
    (await api.request(`/quick-replies/${id}`, { method: 'PATCH', body: input, schema: quickReplyResponseSchema, fallbackMessage: QUICK_REPLY_TOASTS.saveFailed })).data
      .quickReply,
  remove: async (id: string) => {
    await api.request(`/quick-replies/${id}`, { method: 'DELETE', schema: deletedSchema, fallbackMessage: QUICK_REPLY_TOASTS.deleteFailed });
  },
};

/** The workspace's quick replies by shortcut; undefined while the cache loads. */
export function useQuickReplies(): QuickReply[] | undefined {
  return useCached(async (db) => (await db.quickReplies.toArray()).sort((a, b) => a.shortcut.localeCompare(b.shortcut)), []);
}

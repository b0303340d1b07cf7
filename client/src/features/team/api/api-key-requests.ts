/**
 * The workspace's API keys (docs/product.md#api-keys) through TanStack Query. Not in the offline cache: keys live on
 * the server and every change needs a connection. The secret arrives once, in the creation's answer.
 */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiKeysResponseSchema, createdApiKeyResponseSchema, type CreateApiKeyInput } from '@shared/api-keys/schemas.ts';
import { api } from '../../../lib/api.ts';

export const API_KEY_TOASTS = {
  loadFailed: 'Erro ao carregar as chaves de API',
  createFailed: 'Erro ao criar a chave de API',
  revokeFailed: 'Erro ao revogar a chave de API',
  created: 'Chave de API criada',
  revoked: 'Chave de API revogada',
} as const;

const revokedSchema = z.object({ success: z.literal(true) });

export const apiKeyKeys = { list: ['api-keys'] as const };

export const apiKeyRequests = {
  list: async () => (await api.get('/api-keys', { schema: apiKeysResponseSchema, fallbackMessage: API_KEY_TOASTS.loadFailed })).data.apiKeys,
  create: async (input: CreateApiKeyInput) =>
    (await api.post('/api-keys', input, { schema: createdApiKeyResponseSchema, fallbackMessage: API_KEY_TOASTS.createFailed })).data,
  revoke: async (id: string) => {
    await api.request(`/api-keys/${id}`, { method: 'DELETE', schema: revokedSchema, fallbackMessage: API_KEY_TOASTS.revokeFailed });
  },
};

export function useApiKeys() {
  return useQuery({ queryKey: apiKeyKeys.list, queryFn: apiKeyRequests.list, meta: { errorMessage: API_KEY_TOASTS.loadFailed } });
}

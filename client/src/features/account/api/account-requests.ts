/**
 * Minha conta's calls (server/src/modules/account). They need a connection: the account is the server's, never the
 * offline cache's. Failures are shown by the section that asked (a wrong password under its field), not toasted here.
 */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { deletionImpactResponseSchema, type ChangePasswordInput } from '@shared/account/schemas.ts';
import { api } from '../../../lib/api.ts';

export const ACCOUNT_FAILURES = {
  password: 'Não foi possível alterar a senha. Tente novamente.',
  signOut: 'Não foi possível sair de todos os aparelhos. Tente novamente.',
  impact: 'Não foi possível carregar o que será excluído.',
  remove: 'Não foi possível excluir a conta. Tente novamente.',
} as const;

/** The answers carry no data the screen needs. */
const doneSchema = z.object({ success: z.literal(true) });

export const accountRequests = {
  changePassword: async (input: ChangePasswordInput) => {
    await api.post('/account/password', input, { schema: doneSchema, fallbackMessage: ACCOUNT_FAILURES.password });
  },
  signOutEverywhere: async () => {
    await api.post('/account/sign-out-everywhere', undefined, { schema: doneSchema, fallbackMessage: ACCOUNT_FAILURES.signOut });
  },
  deletionImpact: async () =>
    (await api.get('/account/deletion-impact', { schema: deletionImpactResponseSchema, fallbackMessage: ACCOUNT_FAILURES.impact })).data.impact,
  deleteAccount: async (password: string) => {
    await api.request('/account', { method: 'DELETE', body: { password }, schema: doneSchema, fallbackMessage: ACCOUNT_FAILURES.remove });
  },
};

/** What deleting the account would erase, read fresh each time the dialog opens. */
export function useDeletionImpact(enabled: boolean) {
  return useQuery({ queryKey: ['account', 'deletion-impact'], queryFn: accountRequests.deletionImpact, enabled, staleTime: 0, gcTime: 0 });
}

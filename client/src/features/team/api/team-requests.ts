/**
 * The team API (docs/product.md#team) through TanStack Query: members, invitations, roles. Not in the offline cache:
 * the screen reads the server and every change needs a connection. A failed change toasts the server's message,
 * else the texts below (lib/query-client.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Role } from '@shared/team/permissions.ts';
import {
  acceptInvitationResponseSchema,
  invitationPreviewResponseSchema,
  invitationResponseSchema,
  memberResponseSchema,
  membersResponseSchema,
} from '@shared/team/schemas.ts';
import { api } from '../../../lib/api.ts';

export const TEAM_TOASTS = {
  loadFailed: 'Erro ao carregar a equipe',
  inviteFailed: 'Erro ao criar o convite',
  roleFailed: 'Erro ao mudar o papel',
  removeFailed: 'Erro ao remover o membro',
  acceptFailed: 'Erro ao aceitar o convite',
  invited: 'Convite criado',
  roleChanged: 'Papel alterado',
  removed: 'Membro removido',
  copied: 'Link copiado',
} as const;

const removedSchema = z.object({ success: z.literal(true) });

export const teamKeys = { members: ['team', 'members'] as const, invitation: (token: string) => ['team', 'invitation', token] as const };

/** An invitation's link as the server made it: absolute with PUBLIC_URL, else relative to this app's own address. */
export const absoluteLink = (url: string) => new URL(url, window.location.origin).toString();

export const teamRequests = {
  members: async () => (await api.get('/team/members', { schema: membersResponseSchema, fallbackMessage: TEAM_TOASTS.loadFailed })).data.members,
  invite: async (input: { role: Role; email?: string }) =>
    (await api.post('/team/invitations', input, { schema: invitationResponseSchema, fallbackMessage: TEAM_TOASTS.inviteFailed })).data.invitation,
  changeRole: async (userId: string, role: Role) =>
    (await api.request(`/team/members/${userId}`, { method: 'PATCH', body: { role }, schema: memberResponseSchema, fallbackMessage: TEAM_TOASTS.roleFailed })).data.member,
  remove: async (userId: string) => {
    await api.request(`/team/members/${userId}`, { method: 'DELETE', schema: removedSchema, fallbackMessage: TEAM_TOASTS.removeFailed });
  },
  preview: async (token: string) =>
    (await api.get(`/team/invitations/${encodeURIComponent(token)}`, { schema: invitationPreviewResponseSchema })).data.invitation,
  accept: async (token: string) =>
    (await api.post(`/team/invitations/${encodeURIComponent(token)}/accept`, undefined, { schema: acceptInvitationResponseSchema, fallbackMessage: TEAM_TOASTS.acceptFailed })).data,
};

/** `enabled`: the member's role may list members (agents see only the workspace card). */
export function useMembers(enabled = true) {
  return useQuery({ queryKey: teamKeys.members, queryFn: teamRequests.members, enabled, meta: { errorMessage: TEAM_TOASTS.loadFailed } });
}

/**
 * The workspace's log and own life through TanStack Query (docs/product.md#team): the audit log page by page,
 * renaming, leaving and deleting the workspace. Online only, like the rest of the team screen.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { successEnvelope } from '@shared/api/envelope.ts';
import { auditPageSchema } from '@shared/audit/schemas.ts';
import { renameWorkspaceResponseSchema, workspaceDeletionImpactResponseSchema } from '@shared/team/workspace-schemas.ts';
import { api } from '../../../lib/api.ts';

export const WORKSPACE_TEXTS = {
  auditFailed: 'Erro ao carregar o registro de atividades',
  renameFailed: 'Erro ao renomear a equipe',
  renamed: 'Equipe renomeada',
  leaveFailed: 'Erro ao sair da equipe',
  left: 'Você saiu da equipe',
  impactFailed: 'Erro ao contar os dados da equipe',
  deleteFailed: 'Erro ao excluir a equipe',
  deleted: 'Equipe excluída: os dados foram apagados e os membros removidos',
  passwordRequired: 'Digite sua senha',
} as const;

const doneSchema = z.object({ success: z.literal(true) });
const auditResponseSchema = successEnvelope(auditPageSchema);
export type AuditFilters = { actor: string; action: string };

export const workspaceKeys = {
  audit: (filters: AuditFilters) => ['team', 'audit', filters] as const,
  impact: ['team', 'workspace', 'deletion-impact'] as const,
};

function auditPath(filters: AuditFilters, before: string | null) {
  const query = new URLSearchParams({ limit: '30' });
  if (filters.actor) query.set('actor', filters.actor);
  if (filters.action) query.set('action', filters.action);
  if (before) query.set('before', before);
  return `/team/audit?${query.toString()}`;
}

export const workspaceRequests = {
  audit: async (filters: AuditFilters, before: string | null) =>
    (await api.get(auditPath(filters, before), { schema: auditResponseSchema, fallbackMessage: WORKSPACE_TEXTS.auditFailed })).data,
  rename: async (name: string) =>
    (await api.request('/team/workspace', { method: 'PATCH', body: { name }, schema: renameWorkspaceResponseSchema, fallbackMessage: WORKSPACE_TEXTS.renameFailed })).data.workspace,
  leave: async () => {
    await api.post('/team/leave', undefined, { schema: doneSchema, fallbackMessage: WORKSPACE_TEXTS.leaveFailed });
  },
  deletionImpact: async () =>
    (await api.get('/team/workspace/deletion-impact', { schema: workspaceDeletionImpactResponseSchema, fallbackMessage: WORKSPACE_TEXTS.impactFailed })).data.impact,
  remove: async (password: string) => {
    await api.request('/team/workspace', { method: 'DELETE', body: { password }, schema: doneSchema, fallbackMessage: WORKSPACE_TEXTS.deleteFailed });
  },
};

const FIRST_PAGE: string | null = null;

/** The log newest first; "Carregar mais" asks the page before the last line shown. */
export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: workspaceKeys.audit(filters),
    queryFn: ({ pageParam }) => workspaceRequests.audit(filters, pageParam),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) => last.nextBefore,
    meta: { errorMessage: WORKSPACE_TEXTS.auditFailed },
  });
}

export function useWorkspaceDeletionImpact(enabled: boolean) {
  return useQuery({ queryKey: workspaceKeys.impact, queryFn: workspaceRequests.deletionImpact, enabled, staleTime: 0, gcTime: 0 });
}

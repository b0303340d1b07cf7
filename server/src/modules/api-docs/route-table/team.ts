/** Route table (index.ts): the team, its invitations, its audit log and the workspace itself. */
import { auditPageResponseSchema, auditQuerySchema } from '@shared/audit/schemas.ts';
import { nothingAnswerSchema } from '@shared/api/answers.ts';
import {
  acceptInvitationResponseSchema, createInvitationInputSchema, invitationPreviewResponseSchema, invitationResponseSchema, memberResponseSchema,
  membersResponseSchema, updateMemberInputSchema,
} from '@shared/team/schemas.ts';
import {
  deleteWorkspaceInputSchema, renameWorkspaceInputSchema, renameWorkspaceResponseSchema, workspaceDeletionImpactResponseSchema,
} from '@shared/team/workspace-schemas.ts';
import type { RouteGroup } from './route-doc.ts';

export const TEAM_ROUTES: RouteGroup = {
  tag: 'Equipe',
  description: 'Membros, convites, registro de atividades e a equipe (workspace). Só com token de sessão.',
  routes: {
    'GET /api/team/invitations/:token': { summary: 'Mostra um convite pelo link', public: true, answer: invitationPreviewResponseSchema, errors: ['INVITATION_INVALID'] },
    'POST /api/team/invitations/:token/accept': {
      summary: 'Aceita um convite', public: true, answer: acceptInvitationResponseSchema, errors: ['INVITATION_INVALID', 'INVITATION_EMAIL_MISMATCH', 'UNAUTHENTICATED'],
    },
    'POST /api/team/invitations': { summary: 'Cria um link de convite', body: createInvitationInputSchema, answer: invitationResponseSchema, status: 201 },
    'GET /api/team/members': { summary: 'Lista os membros da equipe', answer: membersResponseSchema },
    'PATCH /api/team/members/:userId': { summary: 'Muda o papel de um membro', body: updateMemberInputSchema, answer: memberResponseSchema, errors: ['LAST_OWNER', 'FOUNDER_PROTECTED'] },
    'DELETE /api/team/members/:userId': { summary: 'Remove um membro', answer: nothingAnswerSchema, errors: ['LAST_OWNER', 'FOUNDER_PROTECTED'] },
    'GET /api/team/audit': { summary: 'Lista o registro de atividades', query: auditQuerySchema, answer: auditPageResponseSchema },
    'PATCH /api/team/workspace': { summary: 'Renomeia a equipe', body: renameWorkspaceInputSchema, answer: renameWorkspaceResponseSchema },
    'GET /api/team/workspace/deletion-impact': { summary: 'Mostra o que a exclusão da equipe apaga', answer: workspaceDeletionImpactResponseSchema },
    'DELETE /api/team/workspace': { summary: 'Exclui a equipe', body: deleteWorkspaceInputSchema, answer: workspaceDeletionImpactResponseSchema, errors: ['WRONG_PASSWORD', 'TOO_MANY_ATTEMPTS'] },
    'POST /api/team/leave': { summary: 'Sai da equipe', answer: nothingAnswerSchema, errors: ['FOUNDER_PROTECTED', 'LAST_OWNER'] },
  },
};

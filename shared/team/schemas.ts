/** The team contract: the workspace a member acts in, members, invitations (docs/product.md#team). */
import { z } from 'zod';
import { successEnvelope } from '../api/envelope.ts';
import { storableString } from '../api/storable-text.ts';
import { tokensSchema, userSchema } from '../auth/schemas.ts';
import { ROLES } from './permissions.ts';

export const TEAM_TEXTS = {
  role: 'Escolha um papel: proprietário, administrador ou atendente',
  email: 'Email inválido',
  workspace: 'Equipe inválida',
} as const;

/** Invitations are single use and valid this long. */
export const INVITATION_TTL_DAYS = 7;

export const roleSchema = z.enum(ROLES, { error: TEAM_TEXTS.role });

export const workspaceSchema = z.object({ id: z.string(), name: z.string(), role: roleSchema });
export type Workspace = z.infer<typeof workspaceSchema>;

export const meResultSchema = z.object({ user: userSchema, workspace: workspaceSchema, workspaces: z.array(workspaceSchema) });
export type MeResult = z.infer<typeof meResultSchema>;
export const meResponseSchema = successEnvelope(meResultSchema);

export const switchWorkspaceInputSchema = z.object({ workspaceId: storableString({ error: TEAM_TEXTS.workspace }).min(1, { error: TEAM_TEXTS.workspace }).max(64) });
export const switchWorkspaceResponseSchema = successEnvelope(z.object({ tokens: tokensSchema, workspace: workspaceSchema }));

export const createInvitationInputSchema = z.object({
  role: roleSchema,
  email: z.string({ error: TEAM_TEXTS.email }).trim().toLowerCase().pipe(z.email({ error: TEAM_TEXTS.email })).optional(),
});
export type CreateInvitationInput = z.input<typeof createInvitationInputSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  role: roleSchema,
  email: z.string().nullable(),
  token: z.string(),
  url: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationResponseSchema = successEnvelope(z.object({ invitation: invitationSchema }));

/** What the landing page of an invitation shows before joining (no secret beyond what the link already is). */
export const invitationPreviewSchema = z.object({ workspaceName: z.string(), role: roleSchema, expiresAt: z.string() });
export const invitationPreviewResponseSchema = successEnvelope(z.object({ invitation: invitationPreviewSchema }));

export const acceptInvitationResponseSchema = successEnvelope(z.object({ tokens: tokensSchema, workspace: workspaceSchema }));

export const memberSchema = z.object({ userId: z.string(), name: z.string(), email: z.string(), role: roleSchema });
export type Member = z.infer<typeof memberSchema>;
export const membersResponseSchema = successEnvelope(z.object({ members: z.array(memberSchema) }));

export const updateMemberInputSchema = z.object({ role: roleSchema });
export const memberResponseSchema = successEnvelope(z.object({ member: memberSchema }));

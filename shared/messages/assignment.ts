/**
 * A conversation in a team's inbox (docs/product.md#screen-chat): unassigned or one member's, and where it stands
 * (aberta / pendente / resolvida). A contact's new message reopens a resolved conversation (migration 0761).
 */
import { z } from 'zod';
import { successEnvelope } from '../api/envelope.ts';
import { roleSchema } from '../team/schemas.ts';

export const CONVERSATION_STATUSES = ['OPEN', 'PENDING', 'RESOLVED'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

export const STATUS_LABELS: Record<ConversationStatus, string> = { OPEN: 'Aberta', PENDING: 'Pendente', RESOLVED: 'Resolvida' };

export const ASSIGNMENT_TEXTS = {
  status: 'Situação inválida: use OPEN, PENDING ou RESOLVED',
  assignee: 'Responsável inválido',
  assigneeFilter: 'Filtro de responsável inválido: use me, none ou o id de um membro',
  nothing: 'Informe o responsável ou a situação',
} as const;

export const conversationStatusSchema = z.enum(CONVERSATION_STATUSES, { error: ASSIGNMENT_TEXTS.status });

/** PATCH /messages/conversations/{contactId}: null unassigns; at least one of the two. */
export const updateConversationInputSchema = z
  .object({
    assigneeId: z.uuid({ error: ASSIGNMENT_TEXTS.assignee }).nullable().optional(),
    status: conversationStatusSchema.optional(),
  })
  .refine((input) => input.assigneeId !== undefined || input.status !== undefined, { error: ASSIGNMENT_TEXTS.nothing });
export type UpdateConversationInput = z.input<typeof updateConversationInputSchema>;

export const conversationStateSchema = z.object({ contactId: z.string(), assigneeId: z.string().nullable(), status: conversationStatusSchema });
export const conversationStateResponseSchema = successEnvelope(z.object({ conversation: conversationStateSchema }));

/** Who a conversation can be assigned to: every member of the workspace, readable by every role. */
export const assigneeSchema = z.object({ userId: z.string(), name: z.string(), role: roleSchema });
export type Assignee = z.infer<typeof assigneeSchema>;
export const assigneesResponseSchema = successEnvelope(z.object({ members: z.array(assigneeSchema) }));

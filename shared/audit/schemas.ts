/**
 * The workspace's audit log (server/src/modules/audit): who did what, to which record, when, from where. One contract
 * for the writer and for the screens and routes that read it. `detail` is machine data (ids, counts, flags, the name
 * a configuration record had) and never personal data beyond ids: the line of an erasure must not keep what was erased.
 */
import { z } from 'zod';
import { successEnvelope } from '../api/envelope.ts';

export const AUDIT_ACTIONS = [
  'auth.sign_in', 'workspace.enter', 'workspace.rename', 'workspace.delete',
  'member.invite', 'member.join', 'member.role_change', 'member.remove', 'member.leave',
  'bot.create', 'bot.update', 'bot.trash', 'bot.restore', 'bot.purge',
  'flow.create', 'flow.update', 'flow.publish', 'flow.unpublish', 'flow.duplicate', 'flow.delete',
  'broadcast.create', 'broadcast.update', 'broadcast.send', 'broadcast.cancel', 'broadcast.stop', 'broadcast.delete',
  'pixel.create', 'pixel.update', 'pixel.delete',
  'plan.create', 'plan.update', 'plan.archive', 'plan.remove_unpaid', 'access.grant', 'access.update', 'access.revoke', 'access.refund',
  'gate.update',
  'webhook.create', 'webhook.update', 'webhook.delete', 'webhook.pause',
  'contact.export', 'contact.erase', 'contact.list_export', 'contact.import', 'account.export',
  'key.create', 'key.revoke', 'key.request',
] as const;
export const AUDIT_TARGET_TYPES = ['contact', 'account', 'workspace', 'member', 'invitation', 'bot', 'flow', 'broadcast', 'pixel', 'plan', 'access', 'api_key', 'webhook', 'channel'] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** Flat scalars only: nothing nested can smuggle a name or a message text into the log. */
export const auditDetailSchema = z.record(z.string(), z.union([z.string().max(200), z.number(), z.boolean(), z.null()]));
export type AuditDetail = z.infer<typeof auditDetailSchema>;

const person = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const auditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  /** The person who acted, while their account exists (null: the system, or an erased account). */
  actor: person.nullable(),
  /** The API key the action was made with (then `actor` is null): its name and display prefix, while it exists. */
  apiKey: z.object({ id: z.string(), name: z.string(), prefix: z.string() }).nullable(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.enum(AUDIT_TARGET_TYPES).nullable(),
  targetId: z.string().nullable(),
  /** What the target is called: a member's name, a bot's @username, a flow's name (as recorded or as it is now). */
  targetName: z.string().nullable(),
  detail: auditDetailSchema,
  clientAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_PAGE_MAX = 100;

/** GET /team/audit: newest first; `before` = the last id of the previous page; `actor` a member's id; `action` one action or a family ("bot"). */
export const auditQuerySchema = z.object({
  before: z.string().regex(/^\d{1,18}$/, 'Página inválida').optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).optional(),
  actor: z.string().uuid('Membro inválido').optional(),
  action: z.string().regex(/^[a-z]+(\.[a-z_]+)?$/, 'Ação inválida').max(40).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), nextBefore: z.string().nullable() });
export const auditPageResponseSchema = successEnvelope(auditPageSchema);
export type AuditPage = z.infer<typeof auditPageSchema>;

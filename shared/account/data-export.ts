/**
 * The account's full export ("Exportar meus dados", GET /api/account/export): one JSON document with the account
 * and one array per section, rows as stored (snake_case columns, without the owner column). Bot and pixel tokens
 * are never in it, nor the paid-access plans' webhook key and gateway tokens.
 */
import { z } from 'zod';

export const ACCOUNT_EXPORT_FORMAT = 'canalize.account';

export const ACCOUNT_EXPORT_SECTIONS = [
  'bots', 'channels', 'welcomeMessages', 'flows', 'flowNodes', 'flowConnections', 'flowMessages', 'contacts', 'messages',
  'notes', 'quickReplies', 'broadcasts', 'funnels', 'funnelEntries', 'pixels', 'media', 'labels', 'contactLabels',
  'accessPlans', 'accessMembers', 'accessHistory', 'accessPayments', 'accessWebhooks',
  'accessJoinRules', 'accessGateDecisions', 'webhooks', 'contactImports',
] as const;

const rows = z.array(z.record(z.string(), z.unknown()));

export const accountExportSchema = z.object({
  format: z.literal(ACCOUNT_EXPORT_FORMAT),
  version: z.literal(1),
  exportedAt: z.string(),
  account: z.object({ id: z.string(), name: z.string(), email: z.string(), created_at: z.string() }),
  bots: rows, channels: rows, welcomeMessages: rows, flows: rows, flowNodes: rows, flowConnections: rows, flowMessages: rows,
  contacts: rows, messages: rows, notes: rows, quickReplies: rows, broadcasts: rows, funnels: rows, funnelEntries: rows, pixels: rows, media: rows,
  labels: rows, contactLabels: rows,
  /** Paid-access plans without their secrets (the generic webhook's key, the gateways' tokens). */
  accessPlans: rows,
  /** The accesses sold (buyers' e-mails, names, phones, Telegram ids), their history and their charges. */
  accessMembers: rows,
  accessHistory: rows,
  accessPayments: rows,
  /** Purchase webhooks as received (raw body: the buyers' e-mails and names); no gateway token is ever stored. */
  accessWebhooks: rows,
  /** Each chat's join rule, and what the join gate decided there (Telegram ids of the people who asked to join). */
  accessJoinRules: rows,
  accessGateDecisions: rows,
  /** Outgoing webhooks without their signing secrets (their delivery log is a transient copy of data exported above). */
  webhooks: rows,
  /** Contacts imports: file name, figures, line errors (the contacts they wrote are in `contacts`; the file is not kept). */
  contactImports: rows,
});
export type AccountExportSection = (typeof ACCOUNT_EXPORT_SECTIONS)[number];
export type AccountExport = z.infer<typeof accountExportSchema>;

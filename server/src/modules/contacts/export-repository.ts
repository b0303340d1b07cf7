/**
 * The contacts CSV's batches (export.ts): the list's own filter (repository.ts contactsWhere), with the label and
 * funnel names each contact carries, read by keyset on (created_at, id) so batches neither skip nor repeat a
 * contact while others arrive.
 */
import type { Queryable } from '../../db/client.ts';
import { contactsWhere, type ContactListFilter } from './repository.ts';

export type ExportRow = {
  id: string;
  botName: string;
  telegramId: bigint;
  firstName: string;
  lastName: string | null;
  username: string | null;
  phoneNumber: string | null;
  languageCode: string | null;
  isBot: boolean;
  labels: string[];
  funnels: string[];
  funnelEnteredAt: Date | null;
  messageCount: number;
  awaitingStart: boolean;
  blocked: boolean;
  lastInteractionAt: Date;
  createdAt: Date;
};

export type ExportCursor = { createdAt: Date; id: string };

export function exportBatch(sql: Queryable, userId: string, filter: ContactListFilter, after: ExportCursor | null, limit: number) {
  // Milliseconds: a JavaScript Date holds no microseconds, so the cursor compares at the precision it carries.
  const createdMs = sql`date_trunc('milliseconds', c.created_at)`;
  const entries = filter.funnelId ? sql`fe.funnel_id = ${filter.funnelId}` : sql`true`;
  return sql<ExportRow[]>`
    select c.id, b.name as "botName", c.telegram_id as "telegramId", c.first_name as "firstName", c.last_name as "lastName",
      c.username, c.phone_number as "phoneNumber", c.language_code as "languageCode", c.is_bot as "isBot",
      array(select l.name from contact_labels cl join labels l on l.id = cl.label_id
            where cl.contact_id = c.id order by cl.created_at, l.id) as labels,
      array(select f.name from funnels f where f.id in (select fe.funnel_id from funnel_entries fe where fe.contact_id = c.id)
            order by f.name) as funnels,
      (select max(fe.entered_at) from funnel_entries fe where fe.contact_id = c.id and ${entries}) as "funnelEnteredAt",
      c.message_count as "messageCount", c.awaiting_start as "awaitingStart", c.blocked_at is not null as blocked,
      c.last_interaction_at as "lastInteractionAt", c.created_at as "createdAt"
    from contacts c join bots b on b.id = c.bot_id
    where ${contactsWhere(sql, userId, filter)}
    ${after ? sql`and (${createdMs}, c.id) < (${after.createdAt}, ${after.id}::uuid)` : sql``}
    order by ${createdMs} desc, c.id desc limit ${limit}`;
}

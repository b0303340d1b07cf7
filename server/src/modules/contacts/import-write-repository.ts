/**
 * One batch of imported contacts, written in a few set statements (arrays unnested, not one statement a row). A
 * contact is (bot, Telegram id): a new one is written marked `awaiting_start` (it never talked to the bot); one the
 * bot already knows keeps what Telegram says of it (names, username) and only gains a phone it lacked and the
 * file's labels, while one still awaiting its start takes the file's values. Nothing that already holds is written
 * again, so a second import of the same file changes nothing. Label changes touch the contact, whose row carries
 * its labels to the devices (migration 0780).
 */
import { LABEL_LIMITS } from '@shared/labels/schemas.ts';
import { toWebhookContact } from '@shared/webhooks/events.ts';
import type { Queryable } from '../../db/client.ts';
import { emitWebhookEvents } from '../../ports/webhook-events.ts';
import type { ImportRow } from './import-rows.ts';

export type WriteResult = { created: number; updated: number };

/** A name for a contact the file names not: its username, else a neutral word (its first message replaces it). */
const NO_NAME = 'Sem nome';

type Written = { id: string; telegramId: string; outcome: 'created' | 'updated' | 'same' };

export async function writeBatch(sql: Queryable, userId: string, botId: string, rows: ImportRow[]): Promise<WriteResult> {
  if (rows.length === 0) return { created: 0, updated: 0 };
  const written = await writeContacts(sql, userId, botId, rows);
  const created = written.filter((row) => row.outcome === 'created');
  const labelled = await writeLabels(sql, userId, rows, written);
  // A contact written by this batch carries its labels already; one the bot knew is touched so its row travels again.
  if (labelled.length > 0) await sql`update contacts set updated_at = now() where id = any(${labelled}::uuid[])`;
  const updated = new Set([...written.filter((row) => row.outcome === 'updated').map((row) => row.id), ...labelled]);
  await emitCreated(sql, userId, created.map((row) => row.id));
  return { created: created.length, updated: updated.size };
}

/**
 * contact.created for each contact the batch created, in the batch's transaction (a receiver learns of every contact,
 * whatever brought it). What an import adds to a contact the bot knew (a phone, labels) emits nothing.
 */
async function emitCreated(sql: Queryable, userId: string, ids: string[]) {
  if (ids.length === 0) return;
  const contacts = await sql<Parameters<typeof toWebhookContact>[0][]>`
    select id, bot_id as "botId", telegram_id::text as "telegramId", first_name as "firstName", last_name as "lastName", username,
      phone_number as "phoneNumber"
    from contacts where id = any(${ids}::uuid[]) and user_id = ${userId} order by telegram_id`;
  await emitWebhookEvents(sql, contacts.map((contact) => ({ workspaceId: userId, type: 'contact.created' as const, data: { contact: toWebhookContact(contact) } })));
}

/** Every row's contact: created, updated (the file brought something it lacked) or the same as before. */
function writeContacts(sql: Queryable, userId: string, botId: string, rows: ImportRow[]) {
  return sql<Written[]>`
    with x as (
      select * from unnest(${rows.map((row) => row.telegramId)}::bigint[], ${rows.map((row) => row.firstName)}::text[],
        ${rows.map((row) => row.lastName)}::text[], ${rows.map((row) => row.username)}::text[], ${rows.map((row) => row.phoneNumber)}::text[])
        as x(telegram_id, first_name, last_name, username, phone_number)
    ),
    existing as (
      select c.id, c.telegram_id from contacts c join x on c.bot_id = ${botId} and c.telegram_id = x.telegram_id
    ),
    inserted as (
      insert into contacts (bot_id, telegram_id, first_name, last_name, username, phone_number, awaiting_start)
      select ${botId}, x.telegram_id, coalesce(x.first_name, x.username, ${NO_NAME}), x.last_name, x.username, x.phone_number, true
      from x order by x.telegram_id
      on conflict (bot_id, telegram_id) do nothing
      returning id, telegram_id
    ),
    updated as (
      update contacts c set
        first_name = case when c.awaiting_start then coalesce(x.first_name, c.first_name) else c.first_name end,
        last_name = case when c.awaiting_start then coalesce(x.last_name, c.last_name) else c.last_name end,
        username = case when c.awaiting_start then coalesce(x.username, c.username) else c.username end,
        phone_number = case when c.awaiting_start then coalesce(x.phone_number, c.phone_number) else coalesce(c.phone_number, x.phone_number) end,
        updated_at = now()
      from x
      where c.bot_id = ${botId} and c.telegram_id = x.telegram_id and c.user_id = ${userId}
        and (
          (c.awaiting_start and (c.first_name is distinct from coalesce(x.first_name, c.first_name)
            or c.last_name is distinct from coalesce(x.last_name, c.last_name)
            or c.username is distinct from coalesce(x.username, c.username)
            or c.phone_number is distinct from coalesce(x.phone_number, c.phone_number)))
          or (c.phone_number is null and x.phone_number is not null))
      returning c.id
    )
    select id, telegram_id::text as "telegramId", 'created' as outcome from inserted
    union all select e.id, e.telegram_id::text, case when u.id is null then 'same' else 'updated' end
    from existing e left join updated u on u.id = e.id`;
}

/**
 * The file's labels on its contacts (names resolved here, any case), up to the per-contact limit, which only a
 * contact the bot knew can reach; answers the contacts the bot knew that gained one.
 */
async function writeLabels(sql: Queryable, userId: string, rows: ImportRow[], written: Written[]): Promise<string[]> {
  if (!rows.some((row) => row.labels.length > 0)) return [];
  const labelRows = await sql<{ id: string; name: string }[]>`select id, lower(name) as name from labels where user_id = ${userId}`;
  const labels = new Map(labelRows.map((row) => [row.name, row.id]));
  const contacts = new Map(written.map((row) => [row.telegramId, row]));
  const known: { contact: Written; label: string; rank: number }[] = [];
  for (const row of rows) {
    const contact = contacts.get(row.telegramId);
    row.labels.forEach((name, index) => {
      const label = labels.get(name.toLowerCase());
      if (contact && label) known.push({ contact, label, rank: index + 1 });
    });
  }
  if (known.length === 0) return [];
  const added = await sql<{ contactId: string }[]>`
    with x as (
      select * from unnest(${known.map((pair) => pair.contact.id)}::uuid[], ${known.map((pair) => pair.label)}::uuid[],
        ${known.map((pair) => pair.rank)}::int[], ${known.map((pair) => (pair.contact.outcome === 'created' ? 1 : 0))}::int[]) as x(contact_id, label_id, rank, fresh)
    )
    insert into contact_labels (contact_id, label_id, user_id)
    select x.contact_id, x.label_id, ${userId} from x
    where x.fresh = 1 or (select count(*) from contact_labels e where e.contact_id = x.contact_id) + x.rank <= ${LABEL_LIMITS.perContact}
    order by x.contact_id, x.rank
    on conflict do nothing
    returning contact_id as "contactId"`;
  const fresh = new Set(written.filter((row) => row.outcome === 'created').map((row) => row.id));
  return [...new Set(added.map((row) => row.contactId))].filter((id) => !fresh.has(id));
}

/**
 * Label queries, always scoped by the workspace (`user_id`). Writes never raise on a taken name or id: they answer
 * what happened (a row, or why none) so a sync push's transaction is never aborted by a refusal.
 */
import type { LabelColor } from '@shared/labels/schemas.ts';
import type { Queryable } from '../../db/client.ts';
import { notTrashedBot } from '../../db/live-bots.ts';

export type LabelRow = { id: string; name: string; color: LabelColor; createdAt: Date };

const columns = (sql: Queryable) => sql`l.id, l.name, l.color, l.created_at as "createdAt"`;

/** Oldest first: the order a workspace built its palette in, the same on every device. */
export function listLabels(sql: Queryable, userId: string) {
  return sql<LabelRow[]>`select ${columns(sql)} from labels l where l.user_id = ${userId} order by l.created_at, l.id`;
}

export async function findLabel(sql: Queryable, userId: string, labelId: string) {
  const rows = await sql<LabelRow[]>`select ${columns(sql)} from labels l where l.id = ${labelId} and l.user_id = ${userId}`;
  return rows[0];
}

/** The workspace's labels among `ids` (offline sync pull). */
export function findLabelsByIds(sql: Queryable, userId: string, ids: string[]) {
  return sql<LabelRow[]>`select ${columns(sql)} from labels l where l.user_id = ${userId} and l.id = any(${ids}::uuid[])`;
}

export async function countLabels(sql: Queryable, userId: string) {
  const [row] = await sql<{ count: number }[]>`select count(*)::int as count from labels where user_id = ${userId}`;
  return row?.count ?? 0;
}

/** Whose name (any case) it is, other than `exceptId`. */
export async function nameTaken(sql: Queryable, userId: string, name: string, exceptId?: string) {
  const rows = await sql`
    select 1 from labels where user_id = ${userId} and lower(name) = lower(${name}) ${exceptId ? sql`and id <> ${exceptId}` : sql``}`;
  return rows.length > 0;
}

export async function idTaken(sql: Queryable, id: string) {
  return (await sql`select 1 from labels where id = ${id}`).length > 0;
}

/** Nothing written (undefined) when the id or the name is taken. */
export async function insertLabel(sql: Queryable, userId: string, label: { id: string; name: string; color: LabelColor }) {
  const rows = await sql<LabelRow[]>`
    insert into labels as l (id, user_id, name, color) values (${label.id}, ${userId}, ${label.name}, ${label.color})
    on conflict do nothing
    returning ${columns(sql)}`;
  return rows[0];
}

export async function updateLabel(sql: Queryable, userId: string, labelId: string, changes: { name?: string | undefined; color?: LabelColor | undefined }) {
  const rows = await sql<LabelRow[]>`
    update labels l set
      name = ${changes.name === undefined ? sql`l.name` : sql`${changes.name}`},
      color = ${changes.color === undefined ? sql`l.color` : sql`${changes.color}`},
      updated_at = now()
    where l.id = ${labelId} and l.user_id = ${userId}
    returning ${columns(sql)}`;
  return rows[0];
}

/**
 * The label leaves every contact with it: those contacts are touched first, so their rows (which carry labelIds)
 * reach the devices again through the change log.
 */
export async function deleteLabel(sql: Queryable, userId: string, labelId: string) {
  await sql`
    update contacts set updated_at = now()
    where user_id = ${userId} and id in (select contact_id from contact_labels where label_id = ${labelId} and user_id = ${userId})`;
  const rows = await sql`delete from labels where id = ${labelId} and user_id = ${userId} returning id`;
  return rows.length > 0;
}

/** How many of `labelIds` are the workspace's. */
export async function countOwnedLabels(sql: Queryable, userId: string, labelIds: string[]) {
  if (labelIds.length === 0) return 0;
  const [row] = await sql<{ count: number }[]>`
    select count(*)::int as count from labels where user_id = ${userId} and id = any(${labelIds}::uuid[])`;
  return row?.count ?? 0;
}

/**
 * Replaces the contact's labels with `labelIds` (already checked to be the workspace's) and touches the contact so
 * its row reaches the devices again. Undefined when the contact is not the workspace's.
 */
export async function setContactLabels(sql: Queryable, userId: string, contactId: string, labelIds: string[]) {
  const [contact] = await sql<{ id: string }[]>`
    update contacts set updated_at = now()
    where id = ${contactId} and user_id = ${userId} and ${notTrashedBot(sql, userId, 'bot_id')} returning id`;
  if (!contact) return undefined;
  await sql`delete from contact_labels where contact_id = ${contactId} and label_id <> all(${labelIds}::uuid[])`;
  if (labelIds.length > 0) {
    await sql`
      insert into contact_labels (contact_id, label_id, user_id)
      select ${contactId}, id, ${userId} from unnest(${labelIds}::uuid[]) with ordinality as x(id, n) order by n
      on conflict do nothing`;
  }
  const rows = await sql<{ labelId: string }[]>`
    select label_id as "labelId" from contact_labels where contact_id = ${contactId} order by created_at, label_id`;
  return rows.map((row) => row.labelId);
}

/**
 * SQL fragments over contact_labels (migration 0780) that several modules' queries embed, like live-bots.ts: the
 * contacts list and the sync read a contact's labels, the contacts and conversations lists filter by one.
 */
import type { Queryable } from './client.ts';

/** The contact whose id is `contactColumn` carries the label (its ownership checked before). */
export const carriesLabel = (sql: Queryable, contactColumn: string, labelId: string) =>
  sql`exists (select 1 from contact_labels cl where cl.contact_id = ${sql.unsafe(contactColumn)} and cl.label_id = ${labelId})`;

/** The contact's label ids as a column (oldest applied first), for the rows the contacts API and the sync answer. */
export const labelIdsColumn = (sql: Queryable, contactColumn: string) =>
  sql`array(select cl.label_id::text from contact_labels cl where cl.contact_id = ${sql.unsafe(contactColumn)} order by cl.created_at, cl.label_id)`;

/**
 * Labels of a workspace (docs/product.md#entity-label): owners and admins manage them, every member applies them
 * to contacts. Every function takes `deps.sql`, the pool or the sync push's transaction: the `label.*` and
 * `contact.setLabels` mutations re-run these same functions offline (docs/offline-sync.md#rule-4).
 */
import {
  LABEL_LIMITS,
  LABEL_TEXTS,
  labelSchema,
  type CreateLabelInput,
  type Label,
  type UpdateLabelInput,
} from '@shared/labels/schemas.ts';
import { can, type Role } from '@shared/team/permissions.ts';
import type { Queryable } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound, unusableId } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import * as repo from './repository.ts';

export type LabelsDeps = { sql: Queryable };

export const toLabel = (row: repo.LabelRow): Label => labelSchema.parse({ ...row, createdAt: row.createdAt.toISOString() });

const refused = (field: string, message: string, status = 400) =>
  new AppError('VALIDATION_FAILED', status, message, { [field]: message });

/** Managing labels is the `labels` area's (owners, admins); the route group is every member's, to read and apply. */
export function assertManages(role: Role) {
  if (!can(role, 'labels')) throw new AppError('ROLE_FORBIDDEN', 403);
}

export async function listLabels(deps: LabelsDeps, userId: string): Promise<Label[]> {
  return (await repo.listLabels(deps.sql, userId)).map(toLabel);
}

export async function createLabel(deps: LabelsDeps, userId: string, input: CreateLabelInput): Promise<Label> {
  const { sql } = deps;
  if ((await repo.countLabels(sql, userId)) >= LABEL_LIMITS.perWorkspace) throw refused('name', LABEL_TEXTS.tooMany);
  if (await repo.nameTaken(sql, userId, input.name)) throw refused('name', LABEL_TEXTS.nameTaken, 409);
  if (input.id && (await repo.idTaken(sql, input.id))) throw unusableId();
  const row = await repo.insertLabel(sql, userId, { id: input.id ?? crypto.randomUUID(), name: input.name, color: input.color });
  // A concurrent create took the name between the check and the insert.
  if (!row) throw refused('name', LABEL_TEXTS.nameTaken, 409);
  return toLabel(row);
}

export async function updateLabel(deps: LabelsDeps, userId: string, labelId: string, changes: UpdateLabelInput): Promise<Label> {
  if (!isUuid(labelId) || !(await repo.findLabel(deps.sql, userId, labelId))) throw notFound();
  if (changes.name !== undefined && (await repo.nameTaken(deps.sql, userId, changes.name, labelId))) {
    throw refused('name', LABEL_TEXTS.nameTaken, 409);
  }
  const row = await repo.updateLabel(deps.sql, userId, labelId, changes);
  if (!row) throw notFound();
  return toLabel(row);
}

export async function deleteLabel(deps: LabelsDeps, userId: string, labelId: string): Promise<void> {
  if (!isUuid(labelId) || !(await repo.deleteLabel(deps.sql, userId, labelId))) throw notFound();
}

/**
 * PUT /contacts/{id}/labels: the whole set, written atomically (its own savepoint inside a sync push). A label that is not the workspace's is refused like a missing one
 * (its id never tells whose it is); another workspace's contact is a 404.
 */
export async function setContactLabels(deps: LabelsDeps, userId: string, contactId: string, labelIds: string[]): Promise<string[]> {
  if (!isUuid(contactId)) throw notFound();
  return inTransaction(deps.sql, async (sql) => {
    if ((await repo.countOwnedLabels(sql, userId, labelIds)) !== labelIds.length) throw refused('labelIds', LABEL_TEXTS.unknownLabel);
    const applied = await repo.setContactLabels(sql, userId, contactId, labelIds);
    if (!applied) throw notFound();
    return applied;
  });
}

/** A `?label=` filter: the workspace's label, else 404 like a missing one. */
export async function assertLabelOwned(deps: LabelsDeps, userId: string, labelId: string) {
  if (!(await repo.findLabel(deps.sql, userId, labelId))) throw notFound();
}

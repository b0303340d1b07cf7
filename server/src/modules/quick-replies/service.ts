/**
 * Quick replies ("Respostas rápidas"): owners and admins manage them (the route's write area, http/route-areas.ts),
 * every member reads them, online and offline (synced table `quickReplies`). Their management is online only: a
 * shortcut must be unique in the workspace, which only the server can tell at the moment of saving.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  QUICK_REPLY_LIMITS,
  quickReplySchema,
  type QuickReply,
  type quickReplyInputSchema,
  type quickReplyPatchSchema,
} from '@shared/quick-replies/schemas.ts';
import type { Sql } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';

export type QuickRepliesDeps = { sql: Sql; announceSync?: ((userId: string, clientId: string) => void) | undefined };

export const toQuickReply = (row: repo.QuickReplyRow): QuickReply =>
  quickReplySchema.parse({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() });

const taken = () => new AppError('QUICK_REPLY_SHORTCUT_TAKEN', 409, undefined, { shortcut: 'Já existe uma resposta rápida com este atalho.' });

/** The team's open consoles pull the change at once (no device of theirs made it). */
const told = (deps: QuickRepliesDeps, userId: string) => deps.announceSync?.(userId, '');

export async function listQuickReplies(deps: QuickRepliesDeps, userId: string): Promise<QuickReply[]> {
  return (await repo.listQuickReplies(deps.sql, userId)).map(toQuickReply);
}

export async function createQuickReply(deps: QuickRepliesDeps, userId: string, input: z.output<typeof quickReplyInputSchema>): Promise<QuickReply> {
  const row = await inTransaction(deps.sql, (tx) => repo.insertQuickReply(tx, userId, { id: randomUUID(), ...input }, QUICK_REPLY_LIMITS.perWorkspace));
  if (row === 'limit') throw new AppError('QUICK_REPLY_LIMIT', 422);
  if (row === 'taken') throw taken();
  told(deps, userId);
  return toQuickReply(row);
}

export async function updateQuickReply(
  deps: QuickRepliesDeps, userId: string, id: string, patch: z.output<typeof quickReplyPatchSchema>,
): Promise<QuickReply> {
  const row = await repo.updateQuickReply(deps.sql, userId, id, patch);
  if (row === 'taken') throw taken();
  if (!row) throw notFound();
  told(deps, userId);
  return toQuickReply(row);
}

export async function deleteQuickReply(deps: QuickRepliesDeps, userId: string, id: string): Promise<void> {
  if (!(await repo.deleteQuickReply(deps.sql, userId, id))) throw notFound();
  told(deps, userId);
}

export const findQuickRepliesByIds = repo.findQuickRepliesByIds;

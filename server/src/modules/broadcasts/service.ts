/**
 * Broadcasts (docs/product.md#api-broadcasts, docs/decisions.md#d-broadcasts): CRUD, the status machine of
 * product.md#state-broadcast enforced here (any other transition a 422), and the start of a send, which
 * materialises the audience in the database (start.ts). The delivery itself is engines/broadcast-delivery. Every
 * function takes `deps.sql`, the pool or the sync push's transaction (`broadcast.create/update/delete` re-run these
 * same functions).
 */
import {
  progressOf,
  type Broadcast,
  type BroadcastProgress,
  type BroadcastRecipient,
  type BroadcastStats,
} from '@shared/broadcasts/answers.ts';
import { broadcastContentIssues, scheduleIssue, type ParsedCreateBroadcastInput, type ParsedUpdateBroadcastInput } from '@shared/broadcasts/schemas.ts';
import {
  BROADCAST_ACTIONS,
  canDo,
  transitionRefusal,
  type BroadcastAction,
  type BroadcastStatus,
  type RecipientStatus,
} from '@shared/broadcasts/status-machine.ts';
import { BROADCAST_TEXTS } from '@shared/broadcasts/texts.ts';
import type { Queryable } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound, unusableId } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { toBroadcast } from './mappers.ts';
import { scheduleStart, startSending } from './start.ts';
import { assertLabelOwned } from '../labels/service.ts';
import * as repo from './repository.ts';

export type BroadcastsDeps = { sql: Queryable };

const ACTION_VERBS: Record<BroadcastAction, string> = {
  details: 'ver', edit: 'editar', send: 'enviar', cancel: 'cancelar', stop: 'parar', duplicate: 'duplicar', delete: 'deletar',
};

/** 422 BROADCAST_INVALID_TRANSITION with the pt-BR reason. */
export const refused = (status: BroadcastStatus, action: BroadcastAction) =>
  new AppError('BROADCAST_INVALID_TRANSITION', 422, transitionRefusal(status, ACTION_VERBS[action]));

const invalid = (path: string, message: string) => new AppError('VALIDATION_FAILED', 400, message, { [path]: message });

async function owned(deps: BroadcastsDeps, userId: string, id: string): Promise<repo.BroadcastRow> {
  const row = isUuid(id) ? await repo.findBroadcast(deps.sql, userId, id) : undefined;
  if (!row) throw notFound();
  return row;
}

function require(row: repo.BroadcastRow, action: BroadcastAction) {
  if (!canDo(action, row.status)) throw refused(row.status, action);
}

async function reload(deps: BroadcastsDeps, userId: string, id: string): Promise<Broadcast> {
  return toBroadcast(await owned(deps, userId, id));
}

/**
 * Bot of the caller (404 otherwise), contacts of that bot only (404 for another bot's or user's contact), a label
 * of the workspace (404 for another's).
 */
async function checkReferences(deps: BroadcastsDeps, userId: string, fields: repo.BroadcastFields) {
  if (!(await repo.findOwnedBot(deps.sql, userId, fields.botId))) throw notFound();
  if (fields.targetType === 'SELECTED') {
    const unique = [...new Set(fields.contactIds)];
    if ((await repo.countBotContacts(deps.sql, fields.botId, unique)) !== unique.length) throw notFound();
    fields.contactIds = unique;
  }
  if (fields.labelId) await assertLabelOwned(deps, userId, fields.labelId);
}

function checkContent(fields: repo.BroadcastFields) {
  const [issue] = broadcastContentIssues(fields);
  if (issue) throw invalid(issue.path, issue.message);
  const past = scheduleIssue(fields.scheduledFor?.toISOString());
  if (past) throw invalid('scheduledFor', past);
}

export async function listBroadcasts(
  deps: BroadcastsDeps,
  userId: string,
  query: { page: number; limit: number; botId?: string | undefined; status?: BroadcastStatus | undefined; search?: string | undefined },
) {
  if (query.botId && !(await repo.findOwnedBot(deps.sql, userId, query.botId))) throw notFound();
  const { rows, total } = await repo.listBroadcasts(
    deps.sql, userId, { botId: query.botId, status: query.status, search: query.search || undefined }, query.limit, (query.page - 1) * query.limit,
  );
  return {
    broadcasts: rows.map(toBroadcast),
    pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
  };
}

export const getBroadcast = (deps: BroadcastsDeps, userId: string, id: string) => reload(deps, userId, id);

export async function createBroadcast(deps: BroadcastsDeps, userId: string, input: ParsedCreateBroadcastInput): Promise<Broadcast> {
  const id = input.id ?? crypto.randomUUID();
  const scheduledFor = input.scheduledFor ? new Date(input.scheduledFor) : null;
  const fields: repo.BroadcastFields = {
    name: input.name,
    botId: input.botId,
    message: input.message,
    mediaType: input.mediaType ?? null,
    mediaUrl: input.mediaType ? (input.mediaUrl ?? null) : null,
    caption: input.mediaType ? (input.caption ?? null) : null,
    buttons: input.buttons,
    targetType: input.targetType,
    contactIds: input.targetType === 'SELECTED' ? input.contactIds : [],
    labelId: input.targetType === 'LABEL' ? input.labelId : null,
    scheduledFor,
    status: scheduledFor ? 'SCHEDULED' : 'DRAFT',
  };
  checkContent(fields);
  await checkReferences(deps, userId, fields);
  await inTransaction(deps.sql, async (tx) => {
    if (input.id && (await repo.idTaken(tx, input.id))) throw unusableId();
    await repo.insertBroadcast(tx, userId, id, fields);
    await scheduleStart(tx, id, scheduledFor, fields.status);
  });
  return reload(deps, userId, id);
}

/**
 * PATCH: the fields sent change (null clears media, caption, schedule). DRAFT and SCHEDULED become SCHEDULED with
 * a future schedule and DRAFT without one; SCHEDULED → DRAFT and FAILED → SCHEDULED are not transitions of
 * product.md#state-broadcast, so they are refused (422).
 */
export async function updateBroadcast(deps: BroadcastsDeps, userId: string, id: string, input: ParsedUpdateBroadcastInput): Promise<Broadcast> {
  const row = await owned(deps, userId, id);
  require(row, 'edit');
  const has = <K extends keyof ParsedUpdateBroadcastInput>(key: K) => input[key] !== undefined;
  const mediaType = has('mediaType') ? (input.mediaType ?? null) : row.mediaType;
  const scheduledFor = has('scheduledFor') ? (input.scheduledFor ? new Date(input.scheduledFor) : null) : row.scheduledFor;
  const targetType = input.targetType ?? row.targetType;
  let status: BroadcastStatus = row.status;
  if (row.status !== 'FAILED') status = scheduledFor ? 'SCHEDULED' : 'DRAFT';
  if (row.status === 'SCHEDULED' && status === 'DRAFT') throw refused(row.status, 'edit');
  if (row.status === 'FAILED' && has('scheduledFor') && scheduledFor) throw refused(row.status, 'edit');
  if (row.status !== 'DRAFT' && input.botId && input.botId !== row.botId && row.total > 0) throw refused(row.status, 'edit');
  const fields: repo.BroadcastFields = {
    name: input.name ?? row.name,
    botId: input.botId ?? row.botId,
    message: input.message ?? row.message,
    mediaType,
    mediaUrl: mediaType ? (has('mediaUrl') ? (input.mediaUrl ?? null) : row.mediaUrl) : null,
    caption: mediaType ? (has('caption') ? (input.caption ?? null) : row.caption) : null,
    buttons: input.buttons ?? row.buttons,
    targetType,
    contactIds: targetType === 'SELECTED' ? (input.contactIds ?? row.contactIds) : [],
    labelId: targetType === 'LABEL' ? (has('labelId') ? (input.labelId ?? null) : row.labelId) : null,
    scheduledFor: row.status === 'FAILED' ? null : scheduledFor,
    status,
  };
  // An unchanged, already past schedule of a SCHEDULED broadcast is its start job's business, not an error.
  const keepsOldSchedule = !has('scheduledFor') && row.status === 'SCHEDULED';
  checkContent(keepsOldSchedule ? { ...fields, scheduledFor: null } : fields);
  await checkReferences(deps, userId, fields);
  await inTransaction(deps.sql, async (tx) => {
    if (!(await repo.updateBroadcast(tx, id, [...BROADCAST_ACTIONS.edit], fields))) throw refused('SENDING', 'edit');
    if (!keepsOldSchedule) await scheduleStart(tx, id, fields.scheduledFor, status);
  });
  return reload(deps, userId, id);
}

export async function deleteBroadcast(deps: BroadcastsDeps, userId: string, id: string): Promise<void> {
  const row = await owned(deps, userId, id);
  require(row, 'delete');
  if (!(await repo.deleteBroadcast(deps.sql, id, [...BROADCAST_ACTIONS.delete]))) throw refused('SENDING', 'delete');
}

export async function sendBroadcast(deps: BroadcastsDeps, userId: string, id: string): Promise<Broadcast> {
  const row = await owned(deps, userId, id);
  require(row, 'send');
  const bot = await repo.findOwnedBot(deps.sql, userId, row.botId);
  if (!bot?.isActive) throw new AppError('BOT_NOT_RUNNING', 409);
  if (!(await startSending(deps.sql, row))) throw refused((await owned(deps, userId, id)).status, 'send');
  return reload(deps, userId, id);
}

export async function cancelBroadcast(deps: BroadcastsDeps, userId: string, id: string): Promise<Broadcast> {
  const row = await owned(deps, userId, id);
  require(row, 'cancel');
  if (!(await repo.setStatus(deps.sql, id, ['SCHEDULED'], 'CANCELLED'))) throw refused((await owned(deps, userId, id)).status, 'cancel');
  return reload(deps, userId, id);
}

/** 'Parar': SENDING → FAILED; the recipients not sent yet stay pending, and "send again" sends only those. */
export async function stopBroadcast(deps: BroadcastsDeps, userId: string, id: string): Promise<Broadcast> {
  const row = await owned(deps, userId, id);
  require(row, 'stop');
  if (!(await repo.setStatus(deps.sql, id, ['SENDING'], 'FAILED', { error: BROADCAST_TEXTS.stoppedByUser, completed: true }))) {
    throw refused((await owned(deps, userId, id)).status, 'stop');
  }
  return reload(deps, userId, id);
}

/** A DRAFT copy: content and audience, no schedule, no recipients. */
export async function duplicateBroadcast(deps: BroadcastsDeps, userId: string, id: string, name: string): Promise<Broadcast> {
  const row = await owned(deps, userId, id);
  const copy = crypto.randomUUID();
  await repo.insertBroadcast(deps.sql, userId, copy, {
    name, botId: row.botId, message: row.message, mediaType: row.mediaType, mediaUrl: row.mediaUrl, caption: row.caption,
    buttons: row.buttons, targetType: row.targetType, contactIds: row.contactIds, labelId: row.labelId, scheduledFor: null, status: 'DRAFT',
  });
  return reload(deps, userId, copy);
}

export async function broadcastProgress(deps: BroadcastsDeps, userId: string, id: string): Promise<BroadcastProgress> {
  const row = await owned(deps, userId, id);
  return { status: row.status, sent: row.sent, failed: row.failed, skipped: row.skipped, pending: row.pending, total: row.total, ...progressOf(row) };
}

export async function broadcastStats(deps: BroadcastsDeps, userId: string, botId: string | undefined): Promise<BroadcastStats> {
  if (botId && !(await repo.findOwnedBot(deps.sql, userId, botId))) throw notFound();
  const row = await repo.stats(deps.sql, userId, botId);
  return {
    total: row.total,
    totalSent: row.totalSent,
    totalFailed: row.totalFailed,
    averageSuccessRate: row.averageSuccessRate === null ? 0 : Math.round(row.averageSuccessRate * 10) / 10,
  };
}

export async function listRecipients(
  deps: BroadcastsDeps,
  userId: string,
  id: string,
  query: { page: number; limit: number; status?: RecipientStatus | undefined },
) {
  await owned(deps, userId, id);
  const statuses = query.status === 'failed' ? ['failed', 'skipped'] : query.status === 'pending' ? ['pending', 'sending'] : query.status ? [query.status] : undefined;
  const { rows, total } = await repo.listRecipients(deps.sql, id, statuses, query.limit, (query.page - 1) * query.limit);
  const recipients: BroadcastRecipient[] = rows.map((row) => ({
    contactId: row.contactId,
    telegramId: row.telegramId.toString(),
    firstName: row.firstName,
    lastName: row.lastName,
    username: row.username,
    status: row.status === 'sending' ? 'pending' : row.status,
    reason: row.reason,
    telegramMessageId: row.telegramMessageId === null ? null : row.telegramMessageId.toString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
  return { recipients, pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) } };
}

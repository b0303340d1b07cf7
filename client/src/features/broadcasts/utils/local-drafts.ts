/**
 * Broadcasts are not in the offline cache (docs/decisions.md#broadcast-screens): the screens read the server, and
 * the drafts this device wrote and the server has not taken yet live only in the outbox (`broadcast.create`,
 * `broadcast.update`, `broadcast.delete`). This lays those pending changes over the server's answer, so a draft
 * written offline shows at once, survives a reload, and disappears into the server's row once it is pushed.
 */
import { mutationArgsSchemas, type ParsedMutationArgs } from '@shared/sync/mutations.ts';
import type { Broadcast } from '@shared/broadcasts/answers.ts';

export type BroadcastRow = Broadcast & {
  /** Written on this device, not on the server yet: only edit and delete apply. */
  localOnly: boolean;
  /** A queued change of this device is not on the server yet. */
  pendingSync: boolean;
};

export type PendingEntry = { name: string; args: unknown; createdAt: string };
export type BotNames = ReadonlyMap<string, { name: string; username: string }>;

type CreateArgs = ParsedMutationArgs<'broadcast.create'>['broadcast'];
type UpdateChanges = ParsedMutationArgs<'broadcast.update'>['changes'];

export const asRow = (broadcast: Broadcast): BroadcastRow => ({ ...broadcast, localOnly: false, pendingSync: false });

function fromCreate(args: CreateArgs, at: string, bots: BotNames): BroadcastRow {
  const bot = bots.get(args.botId) ?? { name: 'Bot', username: '' };
  const mediaType = args.mediaType ?? null;
  const mediaUrl = args.mediaUrl ?? null;
  const caption = args.caption ?? null;
  return {
    id: args.id ?? '',
    name: args.name,
    botId: args.botId,
    bot,
    message: args.message,
    parseMode: 'HTML',
    mediaType,
    mediaUrl,
    caption,
    media: mediaType && mediaUrl ? { type: mediaType, url: mediaUrl, uploadedMediaId: null, caption } : null,
    buttons: args.buttons,
    targetType: args.targetType,
    contactIds: args.targetType === 'SELECTED' ? args.contactIds : [],
    labelId: args.targetType === 'LABEL' ? args.labelId : null,
    scheduledFor: null,
    status: 'DRAFT',
    sentCount: 0,
    failedCount: 0,
    totalCount: 0,
    statistics: { total: 0, sent: 0, failed: 0, skipped: 0, pending: 0 },
    // Counted by the server once it has the draft.
    audienceCount: null,
    audienceBlockedCount: null,
    ratePerSecond: 0,
    createdAt: at,
    updatedAt: at,
    startedAt: null,
    completedAt: null,
    error: null,
    localOnly: true,
    pendingSync: true,
  };
}

/** A PATCH's effect: what is sent changes, null clears, what is left out stays. */
export function mergeChanges(row: BroadcastRow, changes: UpdateChanges, at: string, bots: BotNames): BroadcastRow {
  const mediaType = changes.mediaType === undefined ? row.mediaType : changes.mediaType;
  const mediaUrl = changes.mediaUrl === undefined ? row.mediaUrl : changes.mediaUrl;
  const caption = changes.caption === undefined ? row.caption : changes.caption;
  const botId = changes.botId ?? row.botId;
  const targetType = changes.targetType ?? row.targetType;
  const audienceChanged = botId !== row.botId || targetType !== row.targetType || changes.contactIds !== undefined || changes.labelId !== undefined;
  return {
    ...row,
    name: changes.name ?? row.name,
    botId,
    bot: botId === row.botId ? row.bot : (bots.get(botId) ?? row.bot),
    message: changes.message ?? row.message,
    mediaType,
    mediaUrl,
    caption,
    media: mediaType && mediaUrl ? { type: mediaType, url: mediaUrl, uploadedMediaId: row.media?.uploadedMediaId ?? null, caption } : null,
    buttons: changes.buttons ?? row.buttons,
    targetType,
    contactIds: targetType === 'SELECTED' ? (changes.contactIds ?? row.contactIds) : [],
    labelId: targetType === 'LABEL' ? (changes.labelId === undefined ? row.labelId : changes.labelId) : null,
    // A changed audience is counted again by the server once the change is pushed.
    ...(audienceChanged ? { audienceCount: null, audienceBlockedCount: null } : {}),
    updatedAt: at,
    pendingSync: true,
  };
}

export type Overlaid = { rows: BroadcastRow[]; localDrafts: BroadcastRow[]; deleted: ReadonlySet<string> };

/** The server's rows with this device's pending changes applied in queue order, and the drafts only it has. */
export function overlayPending(serverRows: readonly Broadcast[], entries: readonly PendingEntry[], bots: BotNames): Overlaid {
  const server = new Map(serverRows.map((row) => [row.id, asRow(row)]));
  const local = new Map<string, BroadcastRow>();
  const deleted = new Set<string>();
  for (const entry of entries) {
    if (entry.name === 'broadcast.create') {
      const parsed = mutationArgsSchemas['broadcast.create'].safeParse(entry.args);
      const id = parsed.success ? parsed.data.broadcast.id : undefined;
      if (parsed.success && id && !server.has(id)) local.set(id, fromCreate(parsed.data.broadcast, entry.createdAt, bots));
    } else if (entry.name === 'broadcast.update') {
      const parsed = mutationArgsSchemas['broadcast.update'].safeParse(entry.args);
      if (!parsed.success) continue;
      const { broadcastId, changes } = parsed.data;
      const target = local.get(broadcastId) ?? server.get(broadcastId);
      if (!target) continue;
      (local.has(broadcastId) ? local : server).set(broadcastId, mergeChanges(target, changes, entry.createdAt, bots));
    } else if (entry.name === 'broadcast.delete') {
      const parsed = mutationArgsSchemas['broadcast.delete'].safeParse(entry.args);
      if (!parsed.success) continue;
      deleted.add(parsed.data.broadcastId);
      local.delete(parsed.data.broadcastId);
      server.delete(parsed.data.broadcastId);
    }
  }
  const newestFirst = (a: BroadcastRow, b: BroadcastRow) => b.createdAt.localeCompare(a.createdAt);
  return { rows: serverRows.flatMap((row) => server.get(row.id) ?? []), localDrafts: [...local.values()].sort(newestFirst), deleted };
}

/** One broadcast as this device sees it: the server's (if any) with pending changes, or a local-only draft. */
export function overlayOne(id: string, serverRow: Broadcast | undefined, entries: readonly PendingEntry[], bots: BotNames): BroadcastRow | null | undefined {
  const { rows, localDrafts, deleted } = overlayPending(serverRow ? [serverRow] : [], entries, bots);
  if (deleted.has(id)) return null;
  return rows.find((row) => row.id === id) ?? localDrafts.find((row) => row.id === id);
}

/** Whether a local draft matches the list's filters (bot, status, name search). */
export function matchesFilters(row: BroadcastRow, filters: { botId?: string | undefined; status?: string | undefined; search?: string | undefined }): boolean {
  if (filters.botId && row.botId !== filters.botId) return false;
  if (filters.status && row.status !== filters.status) return false;
  const search = filters.search?.trim().toLowerCase();
  return !search || row.name.toLowerCase().includes(search);
}

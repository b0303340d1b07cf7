/**
 * One recipient's send: the broadcast's content (loaded once per loop), its media as Telegram takes it (a file_id
 * once known, else the URL or the uploaded file), the runtime's send, and the file_id Telegram answers, kept for
 * the other recipients. While a broadcast's media has no file_id yet, its first send uploads it and the others wait
 * for that.
 */
import { broadcastUploadedMediaId } from '@shared/broadcasts/schemas.ts';
import { BROADCAST_TEXTS } from '@shared/broadcasts/texts.ts';
import type { BroadcastOutgoing } from '../../ports/broadcast-send.ts';
import type { BotLoopState, EngineParts } from './bot-loop-state.ts';
import * as repo from './delivery-repository.ts';
import { applySendResult } from './send-result.ts';

export function createRecipientSender(engine: EngineParts, state: BotLoopState) {
  const { sql } = engine;
  const contents = new Map<string, Promise<repo.DeliveryContent | undefined>>();
  const uploads = new Map<string, Promise<void>>();

  const content = (broadcastId: string) => {
    let loaded = contents.get(broadcastId);
    if (!loaded) {
      loaded = repo.loadContent(sql, broadcastId);
      contents.set(broadcastId, loaded);
    }
    return loaded;
  };

  /** The message for this recipient, or the reason it cannot be sent (its uploaded file is gone). */
  async function outgoing(recipient: repo.ClaimedRecipient, row: repo.DeliveryContent): Promise<BroadcastOutgoing | string> {
    const base = { chatId: Number(recipient.telegramId), buttons: row.buttons, signal: AbortSignal.timeout(Math.max(1000, engine.leaseMs - 5000)) };
    if (!row.mediaType || !row.mediaUrl) return { ...base, text: row.message };
    const text = row.caption ?? '';
    if (row.mediaFileId) return { ...base, text, media: { type: row.mediaType, fileId: row.mediaFileId } };
    const uploadedId = broadcastUploadedMediaId(row.mediaUrl);
    if (!uploadedId) return { ...base, text, media: { type: row.mediaType, url: row.mediaUrl } };
    const stored = await engine.media?.find(row.userId, uploadedId);
    if (!stored) return BROADCAST_TEXTS.reasonMediaUnavailable;
    return { ...base, text, media: { type: row.mediaType, upload: { path: stored.path, fileName: stored.fileName } } };
  }

  async function send(recipient: repo.ClaimedRecipient, row: repo.DeliveryContent, message: BroadcastOutgoing, dispatchedAt: number) {
    const result = await engine.runtime.sendBroadcast(state.botId, message);
    state.window.observe(Date.now() - dispatchedAt);
    if (result.ok && result.fileId && message.media && !message.media.fileId) {
      row.mediaFileId = result.fileId;
      await repo.saveFileId(sql, row.id, result.fileId);
    }
    if (!result.ok && result.kind === 'file-id-refused') {
      row.mediaFileId = null;
      await repo.saveFileId(sql, row.id, null);
      return state.outcomes.back(recipient);
    }
    applySendResult(engine, state, recipient, result);
  }

  return async function deliver(recipient: repo.ClaimedRecipient, dispatchedAt: number) {
    const row = await content(recipient.broadcastId);
    if (!row) return state.outcomes.back(recipient);
    const firstUpload = row.mediaType && !row.mediaFileId ? uploads.get(row.id) : undefined;
    if (firstUpload) await firstUpload;
    const message = await outgoing(recipient, row);
    if (typeof message === 'string') return state.outcomes.failed(recipient, message, true);
    const uploading = message.media !== undefined && !message.media.fileId;
    let done: () => void = () => {};
    if (uploading) uploads.set(row.id, new Promise<void>((resolve) => (done = resolve)));
    try {
      await send(recipient, row, message, dispatchedAt);
    } finally {
      if (uploading) {
        uploads.delete(row.id);
        done();
      }
    }
  };
}

/**
 * One broadcast message to one chat, as the delivery engine hands it to the runtime and gets its outcome back
 * (docs/decisions.md#broadcast-delivery). The runtime never retries: every answer is classified for the engine.
 */
export type BroadcastMediaType = 'IMAGE' | 'VIDEO' | 'AUDIO' | 'DOCUMENT';

export type BroadcastOutgoing = {
  chatId: number;
  /** The message, or the caption with media; HTML. */
  text: string;
  buttons: { buttons: { text: string; type: 'url' | 'callback'; value: string }[] }[];
  media?: { type: BroadcastMediaType; fileId?: string | undefined; url?: string | undefined; upload?: { path: string; fileName: string } | undefined };
  /** Ends the request (the engine's per-send timeout): the outcome is then uncertain. */
  signal?: AbortSignal;
};

export type BroadcastSendResult =
  | { ok: true; messageId: number; fileId: string | undefined }
  | { ok: false; kind: 'rate'; retryAfter: number }
  | { ok: false; kind: 'blocked' | 'deactivated' | 'cant-initiate' | 'chat-not-found' | 'refused'; description: string }
  /** The remembered file_id was refused: upload again. */
  | { ok: false; kind: 'file-id-refused'; description: string }
  | { ok: false; kind: 'unauthorized' }
  /** The request never left (connection refused, DNS): safe to send again later. */
  | { ok: false; kind: 'not-sent'; description: string }
  /** Telegram may have delivered (connection lost mid-request, timeout, 5xx). */
  | { ok: false; kind: 'uncertain'; description: string }
  | { ok: false; kind: 'not-running' };

export const BROADCAST_NOT_RUNNING: BroadcastSendResult = { ok: false, kind: 'not-running' };

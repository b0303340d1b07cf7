/**
 * An inbox reply through a bot's token, as the runtime answers it (docs/decisions.md#p-inbox): `uncertain` when
 * Telegram may have delivered, so the caller records it and never sends again on its own.
 */
import type { Message } from 'grammy/types';

export type DirectSendResult =
  | { ok: true; message: Message }
  | { ok: false; errorCode: number; description: string; uncertain: boolean };

export const NOT_RUNNING: DirectSendResult = { ok: false, errorCode: 0, description: 'bot not running', uncertain: false };

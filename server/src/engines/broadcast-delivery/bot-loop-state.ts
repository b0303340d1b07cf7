/** What one bot's sender loop shares between its steps (bot-loop.ts, recipient-send.ts, send-result.ts). */
import type { Sql } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import type { BotRuntime } from '../../ports/bot-runtime.ts';
import type { MediaStore } from '../../ports/media-store.ts';
import type { OutcomeBuffer } from './outcome-buffer.ts';
import type { RateWindow } from './rate-window.ts';

/** The engine's own parts and settings, the same for every loop. */
export type EngineParts = {
  sql: Sql;
  logger: Logger;
  runtime: BotRuntime;
  media?: MediaStore | undefined;
  leaseMs: number;
  /** INSTANCE_ID recorded on every claim (docs/decisions.md#broadcast-delivery). */
  instanceId: string | null;
  maxAttempts: number;
  stopping(): boolean;
};

export type BotLoopState = {
  botId: string;
  /** The claims' lease token of this loop. */
  token: string;
  window: RateWindow;
  /** When each chat was last sent to: one message a second per chat. */
  lastByChat: Map<bigint, number>;
  outcomes: OutcomeBuffer;
  /** Telegram answered 401: the loop ends and the bot's broadcasts fail. */
  revoked: boolean;
};

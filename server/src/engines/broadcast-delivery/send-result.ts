/**
 * What a send's answer means for its recipient (docs/decisions.md#broadcast-delivery): sent, failed with the pt-BR
 * reason, or back to pending (a 429 pauses the whole bot; a request that never left is tried again a few times;
 * anything Telegram may have delivered is never repeated).
 */
import { BROADCAST_TEXTS } from '@shared/broadcasts/texts.ts';
import type { BroadcastSendResult } from '../../ports/broadcast-send.ts';
import type { BotLoopState, EngineParts } from './bot-loop-state.ts';
import type { ClaimedRecipient } from './delivery-repository.ts';

const BACKOFF_MS = [1000, 2000, 4000, 8000, 16000];

const BLOCKED_REASONS = {
  blocked: BROADCAST_TEXTS.reasonBlocked,
  deactivated: BROADCAST_TEXTS.reasonDeactivated,
  'cant-initiate': BROADCAST_TEXTS.reasonCantInitiate,
} as const;

export function applySendResult(engine: EngineParts, state: BotLoopState, recipient: ClaimedRecipient, result: BroadcastSendResult) {
  const { outcomes } = state;
  if (result.ok) return outcomes.sent(recipient, result.messageId);
  switch (result.kind) {
    case 'rate':
      state.window.pause(Date.now() + result.retryAfter * 1000);
      // Not delivered: its chat's one-a-second slot is free again (else the retry would wait outside the window).
      state.lastByChat.delete(recipient.telegramId);
      engine.logger.warn('429 do Telegram: envio do bot pausado', { botId: state.botId, retryAfter: result.retryAfter });
      return outcomes.back(recipient);
    case 'blocked':
    case 'deactivated':
    case 'cant-initiate':
      if (recipient.contactId && result.kind !== 'cant-initiate') outcomes.block(recipient.contactId);
      return outcomes.failed(recipient, BLOCKED_REASONS[result.kind]);
    case 'chat-not-found':
      return outcomes.failed(recipient, BROADCAST_TEXTS.reasonChatNotFound);
    case 'refused':
    case 'file-id-refused':
      return outcomes.failed(recipient, result.description.slice(0, 500));
    case 'unauthorized':
      state.revoked = true;
      return outcomes.back(recipient);
    case 'not-running':
      return outcomes.back(recipient, 1000);
    case 'not-sent':
      // The request never left: safe to try again later, a few times (the failure stays retryable by "send again").
      if (recipient.attempts >= engine.maxAttempts) return outcomes.failed(recipient, BROADCAST_TEXTS.reasonNetwork, true);
      return outcomes.back(recipient, BACKOFF_MS[Math.min(BACKOFF_MS.length - 1, recipient.attempts - 1)] ?? 1000, false);
    case 'uncertain':
      return outcomes.failed(recipient, BROADCAST_TEXTS.reasonUncertain);
  }
}

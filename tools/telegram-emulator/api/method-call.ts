// What every Bot API method handler receives, and the one path by which bots put messages into chats: flood
// control first (a refused message leaves no trace), then the stored message, the sent log, and the channel post
// other administrator bots receive.
import { badRequest, tooManyRequests } from '../core/bot-api-error.ts';
import type { EmulatorCore } from '../core/emulator-core.ts';
import { emitChatMessage } from '../core/events.ts';
import type { MessageTarget } from '../core/message-target.ts';
import type { BotRecord, Message, SentRecord } from '../core/types.ts';
import type { ParamReader } from './param-reader.ts';

export interface MethodCall {
  core: EmulatorCore;
  bot: BotRecord;
  params: ParamReader;
  /** Aborted when the HTTP client goes away (long polling stops waiting). */
  signal?: AbortSignal;
}

export type MethodHandler = (call: MethodCall) => unknown;

export function takeRateSlot(call: MethodCall, target: MessageTarget): void {
  const retryAfter = call.core.limiter.take(call.bot.user.id, target.chatId, call.core.world.now());
  if (retryAfter !== undefined) throw tooManyRequests(retryAfter);
}

export type SentDetails = Omit<SentRecord, 'seq' | 'token' | 'botId' | 'method' | 'chatId' | 'messageId' | 'date' | 'message' | 'atMs'>;

export function postBotMessage(call: MethodCall, target: MessageTarget, fields: Partial<Message>, details: SentDetails, method: string): Message {
  const { core, bot } = call;
  const isChannel = target.type === 'channel';
  const message: Message = {
    message_id: target.allocateId(),
    ...(isChannel ? { sender_chat: target.wireChat } : { from: bot.publicUser }),
    chat: target.wireChat,
    date: core.world.unixTime(),
    ...fields,
  };
  target.store.set(message.message_id, { message, senderBotId: bot.user.id });
  core.sent.add({
    token: bot.token, botId: bot.user.id, method, chatId: target.chatId, messageId: message.message_id,
    date: message.date, message, ...details,
  });
  // Bots never see other bots' group messages (Telegram's guard against bot loops); channel posts are shared.
  if (target.record && target.type === 'channel') emitChatMessage(core, target.record, message, { service: false });
  return message;
}

export function readReplyTo(call: MethodCall, target: MessageTarget): Partial<Message> {
  const replyParameters = call.params.optJson('reply_parameters');
  const replyId =
    replyParameters && typeof replyParameters === 'object' && 'message_id' in replyParameters && typeof replyParameters.message_id === 'number'
      ? replyParameters.message_id
      : call.params.optInt('reply_to_message_id');
  if (replyId === undefined) return {};
  const replied = target.store.get(replyId);
  if (!replied) {
    const allowMissing = replyParameters && typeof replyParameters === 'object' && 'allow_sending_without_reply' in replyParameters;
    if (allowMissing) return {};
    throw badRequest('message to be replied not found');
  }
  // Telegram never nests a replied message's own reply.
  const { reply_to_message: _nested, ...shallow } = replied.message;
  return { reply_to_message: { ...shallow, reply_to_message: undefined } };
}

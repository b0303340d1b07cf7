// Pressing inline buttons of messages a bot sent. A callback button produces callback_query with the exact
// callback_data to the sending bot, and the emulator tracks whether the bot answered it (Telegram shows a spinner
// until it does). A URL button opens the link in the app: nothing reaches the bot.
import type { InlineKeyboardButton } from 'grammy/types';
import type { EmulatorCore } from '../core/emulator-core.ts';
import { dialogTarget, groupTarget, type MessageTarget } from '../core/message-target.ts';
import type { CallbackRecord } from '../core/types.ts';
import { ControlError, findBot, findChat, findUser } from './control-setup.ts';

export interface PressButtonInput {
  from: number;
  messageId: number;
  /** The group or channel; omit for a private chat with `bot`. */
  chatId?: number;
  /** Token or username; needed for private chats. */
  bot?: string;
  /** Which button: by callback_data, or by its label; the first button when both are omitted. */
  data?: string;
  buttonText?: string;
}

export type PressResult = { kind: 'callback'; callbackQueryId: string } | { kind: 'url'; url: string };

function targetOf(core: EmulatorCore, input: PressButtonInput): MessageTarget {
  if (input.chatId !== undefined && input.chatId < 0) return groupTarget(findChat(core, input.chatId));
  if (!input.bot) throw new ControlError('pressing a button in a private chat needs `bot`');
  const bot = findBot(core, input.bot);
  const user = findUser(core, input.from);
  const dialog = core.world.existingDialog(bot.user.id, user.id);
  if (!dialog) throw new ControlError(`user ${user.id} has no chat with @${bot.user.username}`);
  return dialogTarget(dialog, user);
}

export function pressButton(core: EmulatorCore, input: PressButtonInput): PressResult {
  const user = findUser(core, input.from);
  const target = targetOf(core, input);
  const stored = target.store.get(input.messageId);
  if (!stored) throw new ControlError(`message ${input.messageId} not found in chat ${target.chatId}`);
  const buttons: InlineKeyboardButton[] = stored.message.reply_markup?.inline_keyboard.flat() ?? [];
  const button = buttons.find((b) =>
    input.data !== undefined ? 'callback_data' in b && b.callback_data === input.data
      : input.buttonText !== undefined ? b.text === input.buttonText : true,
  );
  if (!button) throw new ControlError(`no matching button on message ${input.messageId}`);
  core.sent.markAction();
  if ('url' in button && button.url !== undefined) return { kind: 'url', url: button.url };
  if (!('callback_data' in button) || stored.senderBotId === undefined) throw new ControlError('this button sends nothing to a bot');
  const record: CallbackRecord = {
    id: core.world.nextCallbackId(), botId: stored.senderBotId, userId: user.id, chatId: target.chatId,
    messageId: input.messageId, data: button.callback_data, createdAt: core.world.now(), answered: false,
  };
  core.world.callbacks.set(record.id, record);
  core.deliver(record.botId, {
    callback_query: {
      id: record.id, from: user, message: stored.message, chat_instance: chatInstance(record.botId, target.chatId),
      data: record.data,
    },
  });
  return { kind: 'callback', callbackQueryId: record.id };
}

/** Telegram's chat_instance is an opaque id, stable per chat and bot. */
function chatInstance(botId: number, chatId: number): string {
  return String(BigInt.asIntN(64, BigInt(botId) * 1_000_003n + BigInt(chatId)));
}

export function callbackQuery(core: EmulatorCore, id: string): CallbackRecord {
  const record = core.world.callbacks.get(id);
  if (!record) throw new ControlError(`unknown callback query ${id}`);
  return { ...record };
}

/** Resolves once the bot answered the query; rejects after timeoutMs. */
export async function waitForCallbackAnswer(core: EmulatorCore, id: string, timeoutMs = 5000): Promise<CallbackRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const record = callbackQuery(core, id);
    if (record.answered) return record;
    if (Date.now() > deadline) throw new ControlError(`callback query ${id} was not answered within ${timeoutMs} ms`);
    await Bun.sleep(5);
  }
}

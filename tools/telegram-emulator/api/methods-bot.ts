// Callback answers and the bot's command menu.
import type { BotCommand } from 'grammy/types';
import { badRequest } from '../core/bot-api-error.ts';
import type { MethodCall, MethodHandler } from './method-call.ts';

const answerCallbackQuery: MethodHandler = ({ core, bot, params }) => {
  const query = core.world.callbacks.get(params.optString('callback_query_id') ?? '');
  if (!query || query.botId !== bot.user.id || query.answered) {
    throw badRequest('query is too old and response timeout expired or query ID is invalid');
  }
  const text = params.optString('text');
  if (text !== undefined && text.length > 200) throw badRequest('MESSAGE_TOO_LONG');
  const url = params.optString('url');
  query.answered = true;
  query.answer = {
    ...(text !== undefined ? { text } : {}),
    ...(params.bool('show_alert') ? { show_alert: true } : {}),
    ...(url !== undefined ? { url } : {}),
  };
  return true;
};

function commandsKey(call: MethodCall): string {
  const scope = call.params.optJson('scope');
  const type = scope && typeof scope === 'object' && 'type' in scope && typeof scope.type === 'string' ? scope.type : 'default';
  return `${type}:${call.params.optString('language_code') ?? ''}`;
}

function readCommands(value: unknown): BotCommand[] {
  if (!Array.isArray(value)) throw badRequest("can't parse commands JSON object");
  if (value.length > 100) throw badRequest('too many commands');
  return value.map((item: unknown) => {
    const fields: Record<string, unknown> = typeof item === 'object' && item !== null ? { ...item } : {};
    const { command, description } = fields;
    if (typeof command !== 'string' || !/^[a-z0-9_]{1,32}$/.test(command)) throw badRequest('BOT_COMMAND_INVALID');
    if (typeof description !== 'string' || description.length < 1 || description.length > 256) {
      throw badRequest('command description is empty');
    }
    return { command, description };
  });
}

const setMyCommands: MethodHandler = (call) => {
  call.bot.commands.set(commandsKey(call), readCommands(call.params.optJson('commands')));
  return true;
};

const getMyCommands: MethodHandler = (call) => call.bot.commands.get(commandsKey(call)) ?? [];

const deleteMyCommands: MethodHandler = (call) => {
  call.bot.commands.delete(commandsKey(call));
  return true;
};

export const botMethods: Record<string, MethodHandler> = {
  answerCallbackQuery,
  setMyCommands,
  getMyCommands,
  deleteMyCommands,
};

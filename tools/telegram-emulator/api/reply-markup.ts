// Validates reply_markup like Telegram. Inline keyboards are where product bugs hide: callback_data is limited to
// 64 bytes (accented characters take two), every button needs exactly one action, and URL buttons need a URL
// Telegram accepts. Reply keyboards and keyboard removal are accepted as sent.
import type { InlineKeyboardMarkup } from 'grammy/types';
import { badRequest } from '../core/bot-api-error.ts';
import type { ParamReader } from './param-reader.ts';

const ACTION_FIELDS = [
  'url', 'callback_data', 'web_app', 'login_url', 'switch_inline_query', 'switch_inline_query_current_chat',
  'switch_inline_query_chosen_chat', 'copy_text', 'callback_game', 'pay',
] as const;
const MAX_BUTTONS = 100;

const buttonError = (reason: string): never => {
  throw badRequest(`can't parse inline keyboard button: ${reason}`);
};

export interface ReplyMarkup {
  /** As the bot sent it, for the sent log. */
  raw: unknown;
  /** Only inline keyboards stay attached to the message object. */
  inline?: InlineKeyboardMarkup;
}

export function readReplyMarkup(params: ParamReader): ReplyMarkup | undefined {
  const markup = params.optJson('reply_markup', 'reply keyboard markup');
  if (markup === undefined) return undefined;
  if (typeof markup !== 'object' || markup === null || Array.isArray(markup)) {
    throw badRequest('object expected as reply markup');
  }
  if (!('inline_keyboard' in markup)) return { raw: markup };
  const inline = validateInlineKeyboard(markup.inline_keyboard);
  return { raw: inline, inline };
}

export function validateInlineKeyboard(rows: unknown): InlineKeyboardMarkup {
  if (!Array.isArray(rows)) throw badRequest('field "inline_keyboard" of the InlineKeyboardMarkup must be an Array');
  let count = 0;
  const checked: InlineKeyboardMarkup['inline_keyboard'] = rows.map((row: unknown) => {
    if (!Array.isArray(row)) throw badRequest('field "inline_keyboard" of the InlineKeyboardMarkup must be an Array of Arrays');
    return row.map((button: unknown) => {
      count++;
      return validateButton(button);
    });
  });
  if (count > MAX_BUTTONS) throw badRequest('reply markup is too long');
  return { inline_keyboard: checked };
}

function validateButton(button: unknown): InlineKeyboardMarkup['inline_keyboard'][number][number] {
  if (typeof button !== 'object' || button === null) return buttonError('InlineKeyboardButton must be an Object');
  const fields: Record<string, unknown> = { ...button };
  const text = fields.text;
  if (typeof text !== 'string') return buttonError('Field "text" must be of type String');
  if (text.trim() === '') throw badRequest('BUTTON_TEXT_INVALID');
  const actions = ACTION_FIELDS.filter((field) => fields[field] !== undefined && fields[field] !== null);
  if (actions.length === 0) return buttonError('Text buttons are unallowed in the inline keyboard');
  const { url, callback_data: data } = fields;
  if (url !== undefined) {
    if (typeof url !== 'string') return buttonError('Field "url" must be of type String');
    if (!isAcceptedUrl(url)) throw badRequest(`inline keyboard button URL '${url}' is invalid: Wrong HTTP URL`);
    return { text, url };
  }
  if (data !== undefined) {
    if (typeof data !== 'string') return buttonError('Field "callback_data" must be of type String');
    const bytes = new TextEncoder().encode(data).length;
    if (bytes < 1 || bytes > 64) throw badRequest('BUTTON_DATA_INVALID');
    return { text, callback_data: data };
  }
  // Other button kinds are not interpreted by the emulator; keep them as sent.
  return { text, ...pick(fields, actions) } as InlineKeyboardMarkup['inline_keyboard'][number][number];
}

function pick(fields: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((key) => [key, fields[key]]));
}

/** Telegram takes http(s) URLs with a dotted host (so not localhost) and tg:// links. */
function isAcceptedUrl(url: string): boolean {
  if (/^tg:\/\/\S+$/i.test(url)) return true;
  try {
    const parsed = new URL(/^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `http://${url}`);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
    return parsed.hostname.includes('.');
  } catch {
    return false;
  }
}

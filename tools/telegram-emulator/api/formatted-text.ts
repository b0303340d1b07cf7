// Text and captions with their parse_mode, checked in Telegram's order: parse the markup first, then measure
// what is left (the limits apply to the visible text, not to the HTML source).
import type { MessageEntity } from 'grammy/types';
import { badRequest } from '../core/bot-api-error.ts';
import { parseHtml } from './html-entities.ts';
import type { ParamReader } from './param-reader.ts';

export const TEXT_LIMIT = 4096;
export const CAPTION_LIMIT = 1024;

export interface FormattedText {
  text: string;
  entities: MessageEntity[];
  parseMode?: string;
}

function parse(source: string, parseMode: string | undefined, explicit: unknown): FormattedText {
  if (parseMode === undefined || parseMode === '') {
    return { text: source, entities: Array.isArray(explicit) ? explicit : [] };
  }
  const mode = parseMode.toLowerCase();
  if (mode === 'html') return { ...parseHtml(source), parseMode };
  // Markdown flavours are accepted but not interpreted: the text is kept as sent.
  if (mode === 'markdownv2' || mode === 'markdown') return { text: source, entities: [], parseMode };
  throw badRequest('unsupported parse_mode');
}

export function readMessageText(params: ParamReader, field = 'text'): FormattedText {
  const source = params.optString(field) ?? '';
  if (source === '') throw badRequest('message text is empty');
  const result = parse(source, params.optString('parse_mode'), params.optJson('entities'));
  if (result.text.trim() === '') throw badRequest('message text is empty');
  if (result.text.length > TEXT_LIMIT) throw badRequest('message is too long');
  return result;
}

export function readCaption(params: ParamReader): FormattedText | undefined {
  const source = params.optString('caption');
  if (source === undefined || source === '') return undefined;
  const result = parse(source, params.optString('parse_mode'), params.optJson('caption_entities'));
  if (result.text.length > CAPTION_LIMIT) throw badRequest('message caption is too long');
  return result;
}

/** Captions inside sendMediaGroup items carry their own parse_mode. */
export function formatCaption(caption: unknown, parseMode: unknown): FormattedText | undefined {
  if (typeof caption !== 'string' || caption === '') return undefined;
  const result = parse(caption, typeof parseMode === 'string' ? parseMode : undefined, undefined);
  if (result.text.length > CAPTION_LIMIT) throw badRequest('message caption is too long');
  return result;
}

// Photos, videos, audio, documents and albums. Files may be uploaded (multipart), given by URL or by a file_id
// returned earlier; captions follow the same parse_mode and length rules as on Telegram.
import { badRequest } from '../core/bot-api-error.ts';
import type { MediaType, Message } from '../core/types.ts';
import { sendTarget } from './chat-access.ts';
import { formatCaption, readCaption } from './formatted-text.ts';
import { mediaFields, sentMediaOf, storeInputFile } from './media-files.ts';
import { postBotMessage, readReplyTo, takeRateSlot, type MethodHandler } from './method-call.ts';
import { readReplyMarkup } from './reply-markup.ts';

const METHOD_NAMES: Record<MediaType, string> = { photo: 'sendPhoto', video: 'sendVideo', audio: 'sendAudio', document: 'sendDocument' };

function sendMedia(type: MediaType): MethodHandler {
  return (call) => {
    const { core, bot, params } = call;
    const target = sendTarget(core, bot, params.chatId());
    const ref = params.optInputFile(type);
    if (!ref) throw badRequest(`there is no ${type} in the request`);
    const caption = readCaption(params);
    const markup = readReplyMarkup(params);
    const reply = readReplyTo(call, target);
    const file = storeInputFile(core.world, type, ref);
    takeRateSlot(call, target);
    const fields: Partial<Message> = {
      ...mediaFields(file),
      ...(caption ? { caption: caption.text } : {}),
      ...(caption && caption.entities.length > 0 ? { caption_entities: caption.entities } : {}),
      ...(markup?.inline ? { reply_markup: markup.inline } : {}),
      ...reply,
    };
    return postBotMessage(call, target, fields, {
      ...(caption ? { caption: caption.text } : {}),
      ...(caption?.parseMode ? { parse_mode: caption.parseMode } : {}),
      ...(markup ? { reply_markup: markup.raw } : {}),
      media: [sentMediaOf(file, caption?.text)],
    }, METHOD_NAMES[type]);
  };
}

interface AlbumItem {
  type: MediaType;
  media: string;
  caption?: unknown;
  parse_mode?: unknown;
}

function readAlbum(value: unknown): AlbumItem[] {
  if (!Array.isArray(value)) throw badRequest("can't parse media JSON object");
  if (value.length < 2 || value.length > 10) throw badRequest('wrong number of media in the group: must be 2-10');
  const items = value.map((item: unknown): AlbumItem => {
    if (typeof item !== 'object' || item === null) throw badRequest("can't parse InputMedia JSON object");
    const fields: Record<string, unknown> = { ...item };
    const { type, media, caption, parse_mode } = fields;
    if (type !== 'photo' && type !== 'video' && type !== 'audio' && type !== 'document') {
      throw badRequest('unsupported media type in the group');
    }
    if (typeof media !== 'string' || media === '') throw badRequest('there is no media in the request');
    return { type, media, caption, parse_mode };
  });
  for (const lonely of ['audio', 'document'] as const) {
    if (items.some((item) => item.type === lonely) && items.some((item) => item.type !== lonely)) {
      throw badRequest(`${lonely} can't be mixed with other media types`);
    }
  }
  return items;
}

const sendMediaGroup: MethodHandler = (call) => {
  const { core, bot, params } = call;
  const target = sendTarget(core, bot, params.chatId());
  const items = readAlbum(params.optJson('media'));
  const prepared = items.map((item) => ({
    file: storeInputFile(core.world, item.type, params.resolveFileString(item.media)),
    caption: formatCaption(item.caption, item.parse_mode),
  }));
  const reply = readReplyTo(call, target);
  takeRateSlot(call, target);
  const mediaGroupId = String(13_000_000_000_000_000n + BigInt(core.sent.lastSeq));
  return prepared.map(({ file, caption }) =>
    postBotMessage(call, target, {
      ...mediaFields(file),
      media_group_id: mediaGroupId,
      ...(caption ? { caption: caption.text } : {}),
      ...(caption && caption.entities.length > 0 ? { caption_entities: caption.entities } : {}),
      ...reply,
    }, {
      ...(caption ? { caption: caption.text } : {}),
      ...(caption?.parseMode ? { parse_mode: caption.parseMode } : {}),
      media: [sentMediaOf(file, caption?.text)],
    }, 'sendMediaGroup'),
  );
};

export const mediaMethods: Record<string, MethodHandler> = {
  sendPhoto: sendMedia('photo'),
  sendVideo: sendMedia('video'),
  sendAudio: sendMedia('audio'),
  sendDocument: sendMedia('document'),
  sendMediaGroup,
};

// Turns an InputFile (upload, URL or file_id) into the media object a message carries. Uploads and URLs get a
// new file_id that later calls may reuse; an unknown file_id fails like on Telegram. URLs are not downloaded:
// the emulator runs offline and records the URL so tests can assert on it.
import { badRequest } from '../core/bot-api-error.ts';
import type { World } from '../core/world.ts';
import type { FileRecord, MediaType, Message, SentMedia } from '../core/types.ts';
import type { InputFileRef } from './param-reader.ts';

const FILE_ID_PREFIX: Record<MediaType, string> = { photo: 'AgACAgEAAxk', video: 'BAACAgEAAxk', audio: 'CQACAgEAAxk', document: 'BQACAgEAAxk' };

function randomToken(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

function register(world: World, type: MediaType, details: Omit<FileRecord, 'fileId' | 'fileUniqueId' | 'type'>): FileRecord {
  const record: FileRecord = { fileId: FILE_ID_PREFIX[type] + randomToken(60), fileUniqueId: `AQAD${randomToken(12)}`, type, ...details };
  world.files.set(record.fileId, record);
  // The thumbnail size of a photo is a file_id of its own that bots may send again.
  if (type === 'photo') world.files.set(`${record.fileId}_s`, record);
  return record;
}

export function storeInputFile(world: World, type: MediaType, ref: InputFileRef): FileRecord {
  if (ref.kind === 'file_id') {
    const known = world.files.get(ref.fileId);
    if (!known) throw badRequest('wrong file identifier/HTTP URL specified');
    return known;
  }
  if (ref.kind === 'url') {
    const name = decodeURIComponent(new URL(ref.url).pathname.split('/').pop() ?? '') || undefined;
    return register(world, type, { url: ref.url, ...(name ? { fileName: name } : {}) });
  }
  if (ref.file.size === 0) throw badRequest('file must be non-empty');
  return register(world, type, {
    size: ref.file.size,
    ...(ref.file.name ? { fileName: ref.file.name } : {}),
    ...(ref.file.type ? { mimeType: ref.file.type.split(';')[0] } : {}),
  });
}

/** The message fields for one file, shaped like Telegram's PhotoSize[] / Video / Audio / Document. */
export function mediaFields(file: FileRecord): Partial<Message> {
  const base = { file_id: file.fileId, file_unique_id: file.fileUniqueId, ...(file.size ? { file_size: file.size } : {}) };
  const named = { ...(file.fileName ? { file_name: file.fileName } : {}), ...(file.mimeType ? { mime_type: file.mimeType } : {}) };
  switch (file.type) {
    case 'photo':
      return {
        photo: [
          { file_id: `${file.fileId}_s`, file_unique_id: `${file.fileUniqueId}s`, width: 90, height: 60 },
          { ...base, width: 1280, height: 853 },
        ],
      };
    case 'video':
      return { video: { ...base, ...named, width: 1280, height: 720, duration: 10 } };
    case 'audio':
      return { audio: { ...base, ...named, duration: 180 } };
    case 'document':
      return { document: { ...base, ...named } };
  }
}

export function sentMediaOf(file: FileRecord, caption?: string): SentMedia {
  return {
    type: file.type,
    fileId: file.fileId,
    ...(file.url ? { url: file.url } : {}),
    ...(file.fileName ? { fileName: file.fileName } : {}),
    ...(caption !== undefined ? { caption } : {}),
  };
}

/**
 * What a send_media node hands grammY (docs/decisions.md#p-media, "Uploaded media in flows"). An outside URL goes as is:
 * Telegram fetches it. A file uploaded to Canalize (`/api/media/{id}`) is private to its owner, so Telegram could
 * not fetch it even with PUBLIC_URL set; it is sent as a multipart upload from DATA_DIR, and the file_id Telegram
 * answers is remembered per bot, so the next contacts get it without re-uploading the bytes. The memory is per
 * process and bounded: after a restart (or for an evicted entry) the first send uploads again.
 */
import { InputFile } from 'grammy';
import type { Message } from 'grammy/types';
import { uploadedMediaId } from '@shared/media/schemas.ts';
import type { MediaStore } from '../../ports/media-store.ts';

const MAX_REMEMBERED = 5_000;

export type ResolvedMedia = {
  input: string | InputFile;
  /** True when `input` is a remembered file_id: a refusal then means "upload again", not "broken node". */
  remembered: boolean;
  sent(message: Message): void;
};

/** One execution's view: its bot and the flow owner's files. `fresh` skips a remembered file_id. */
export type MediaSource = { resolve(url: string, fresh?: boolean): Promise<ResolvedMedia | { problem: string }> };

export type MediaInputs = ReturnType<typeof createMediaInputs>;

export function createMediaInputs(store: MediaStore | undefined) {
  const fileIds = new Map<string, string>();
  const remember = (key: string, fileId: string) => {
    fileIds.delete(key);
    fileIds.set(key, fileId);
    // Map keeps insertion order: the first key is the least recently stored.
    if (fileIds.size > MAX_REMEMBERED) fileIds.delete(fileIds.keys().next().value ?? '');
  };

  return {
    forExecution(botId: string, userId: string | undefined): MediaSource {
      return {
        async resolve(url, fresh = false) {
          const mediaId = uploadedMediaId(url);
          if (!mediaId) return { input: url, remembered: false, sent: () => {} };
          const key = `${botId}:${mediaId}`;
          const known = fresh ? undefined : fileIds.get(key);
          if (known) return { input: known, remembered: true, sent: () => {} };
          const media = userId && store ? await store.find(userId, mediaId) : undefined;
          if (!media) return { problem: 'Arquivo enviado não encontrado' };
          return {
            input: new InputFile(media.path, media.fileName),
            remembered: false,
            sent: (message) => {
              const fileId = fileIdOf(message);
              if (fileId) remember(key, fileId);
            },
          };
        },
      };
    },
  };
}

/** The file_id of what a sendPhoto / sendVideo / sendAudio / sendDocument answered (the largest photo size). */
function fileIdOf(message: Message): string | undefined {
  return message.photo?.at(-1)?.file_id ?? message.video?.file_id ?? message.audio?.file_id ?? message.document?.file_id;
}

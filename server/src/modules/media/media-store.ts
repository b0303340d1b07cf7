/**
 * Uploaded files: bytes on disk under DATA_DIR/media/<user id>/<file id> (per user, so a path can never reach
 * another user's file), details in media_files. Every read is by (user, id): another user's id is simply absent.
 * The row is written after the bytes, so a row always has its file; a crash in between leaves an orphan file
 * that no URL reaches. A write that fails (the disk is full: 507 STORAGE_FULL, docs/decisions.md#p-media) removes
 * what it had written, so a failed upload leaves neither a partial file nor a row.
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { mediaUrlOf } from '@shared/media/schemas.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { inTransaction } from '../../db/transaction.ts';
import { reserveQuota } from './quota.ts';
import type { MediaStore, SniffedMedia, StoredMedia } from '../../ports/media-store.ts';
import * as repo from './repository.ts';
import type { MediaRow } from './repository.ts';

/** No space or no inodes left, or the user's quota spent: the server cannot keep the file, whatever it is. */
const isStorageFull = (error: unknown) => ['ENOSPC', 'EDQUOT'].includes(String(Reflect.get(Object(error), 'code')));

/** `quotaBytes`: what one account may keep (MEDIA_QUOTA_MB, quota.ts). */
export function createMediaStore(sql: Queryable, dataDir: string, quotaBytes = Number.POSITIVE_INFINITY): MediaStore {
  const root = path.resolve(dataDir, 'media');
  const fileOf = (userId: string, id: string) => path.join(root, userId, id);
  const toStored = (userId: string, row: MediaRow): StoredMedia => ({
    ...row, url: mediaUrlOf(row.id), createdAt: row.createdAt.toISOString(), path: fileOf(userId, row.id),
  });

  return {
    /** Within the account's quota (checked and counted in one transaction), the bytes first, then the row. */
    async save(userId: string, input: { bytes: Uint8Array; fileName: string; sniffed: SniffedMedia }): Promise<StoredMedia> {
      const id = crypto.randomUUID();
      const file = fileOf(userId, id);
      const size = input.bytes.byteLength;
      try {
        const row = await inTransaction(sql, async (tx) => {
          await reserveQuota(tx, userId, size, quotaBytes);
          await writeBytes(file, input.bytes);
          return repo.insertMedia(tx, userId, id, input.fileName, input.sniffed, size);
        });
        if (!row) throw new Error('media insert returned nothing');
        return toStored(userId, row);
      } catch (error) {
        await rm(file, { force: true }).catch(() => undefined);
        throw error;
      }
    },

    /** The owner's file, or undefined (unknown id, malformed id, or someone else's). */
    async find(userId: string, id: string): Promise<StoredMedia | undefined> {
      if (!isUuid(id) || !isUuid(userId)) return undefined;
      const row = await repo.findMedia(sql, userId, id);
      return row ? toStored(userId, row) : undefined;
    },

    async eraseOwner(userId: string): Promise<void> {
      // A malformed id could name a path outside the user's own folder.
      if (!isUuid(userId)) return;
      await rm(path.join(root, userId), { recursive: true, force: true });
    },
  };
}

/** The whole file or nothing: a write the disk refuses is 507 STORAGE_FULL (the caller removes what was written). */
async function writeBytes(file: string, bytes: Uint8Array): Promise<void> {
  try {
    await mkdir(path.dirname(file), { recursive: true });
    const written = await Bun.write(file, bytes);
    if (written !== bytes.byteLength) throw new AppError('STORAGE_FULL', 507);
  } catch (error) {
    if (isStorageFull(error)) throw new AppError('STORAGE_FULL', 507);
    throw error;
  }
}

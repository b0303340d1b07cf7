/** media_files rows (media-store.ts keeps the bytes on disk); every read is by (user, id). */
import type { MediaFile } from '@shared/media/schemas.ts';
import type { Queryable } from '../../db/client.ts';
import type { SniffedMedia } from '../../ports/media-store.ts';

export type MediaRow = { id: string; fileName: string; contentType: string; mediaType: MediaFile['mediaType']; size: number; createdAt: Date };

export async function insertMedia(sql: Queryable, userId: string, id: string, fileName: string, sniffed: SniffedMedia, size: number) {
  const [row] = await sql<MediaRow[]>`
    insert into media_files (id, user_id, file_name, content_type, media_type, size_bytes)
    values (${id}, ${userId}, ${fileName}, ${sniffed.contentType}, ${sniffed.mediaType}, ${size})
    returning id, file_name as "fileName", content_type as "contentType", media_type as "mediaType",
              size_bytes as size, created_at as "createdAt"`;
  return row;
}

export async function findMedia(sql: Queryable, userId: string, id: string) {
  const [row] = await sql<MediaRow[]>`
    select id, file_name as "fileName", content_type as "contentType", media_type as "mediaType",
           size_bytes as size, created_at as "createdAt"
    from media_files where id = ${id} and user_id = ${userId}`;
  return row;
}

/** The account's uploads one at a time until the transaction ends (the quota check, quota.ts). */
export async function lockUploads(tx: Queryable, userId: string) {
  await tx`select pg_advisory_xact_lock(hashtext('canalize.media.quota'), hashtext(${userId}))`;
}

export async function usedBytes(sql: Queryable, userId: string): Promise<number> {
  const [row] = await sql<{ used: number }[]>`select coalesce(sum(size_bytes), 0)::float8 as used from media_files where user_id = ${userId}`;
  return row?.used ?? 0;
}

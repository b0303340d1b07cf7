/**
 * Uploaded files as the other layers see them (docs/decisions.md#p-media): modules/media implements the store; the
 * runtime (send_media nodes) and the broadcast delivery engine read a file by (user, id) to send it.
 */
import type { MediaFile } from '@shared/media/schemas.ts';

/** What a file really is, from its first bytes (modules/media/sniff.ts). */
export type SniffedMedia = { contentType: string; mediaType: MediaFile['mediaType'] };

/** A stored file: its public details and where its bytes are on disk. */
export type StoredMedia = MediaFile & { path: string };

export type MediaStore = {
  /** Keeps the bytes, then the row; a failed write leaves neither (507 STORAGE_FULL when the disk is full). */
  save(userId: string, input: { bytes: Uint8Array; fileName: string; sniffed: SniffedMedia }): Promise<StoredMedia>;
  /** The owner's file, or undefined (unknown id, malformed id, or someone else's). */
  find(userId: string, id: string): Promise<StoredMedia | undefined>;
  /** Removes every file of the user from disk (the account was deleted; its rows went with it). */
  eraseOwner(userId: string): Promise<void>;
};

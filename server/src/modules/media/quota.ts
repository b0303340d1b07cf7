/**
 * Each account keeps at most MEDIA_QUOTA_MB of uploads (docs/decisions.md#media-quota): the disk of DATA_DIR is shared
 * by every account and by the embedded database. The check and the row are one transaction under a per-account
 * lock, so parallel uploads cannot all pass a check made before any of them was counted.
 */
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './repository.ts';

const MB = 1024 * 1024;
const megabytes = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
const inMegabytes = (bytes: number) => `${megabytes.format(bytes / MB)} MB`;

export function quotaExceeded(used: number, quota: number, size: number): AppError {
  return new AppError(
    'STORAGE_QUOTA_EXCEEDED',
    507,
    `Limite de armazenamento da conta atingido: ${inMegabytes(used)} de ${inMegabytes(quota)} usados; este arquivo tem ${inMegabytes(size)}. Apague arquivos que não usa mais ou peça ao administrador um limite maior.`,
  );
}

/** Takes the account's upload lock for the transaction and throws when `size` more bytes would pass the quota. */
export async function reserveQuota(tx: Queryable, userId: string, size: number, quota: number): Promise<void> {
  await repo.lockUploads(tx, userId);
  const used = await repo.usedBytes(tx, userId);
  if (used + size > quota) throw quotaExceeded(used, quota, size);
}

/**
 * Browser storage policy (docs/offline-sync.md#rule-11): ask for persistent storage once someone is signed in, so
 * the browser does not evict queued edits under pressure, and turn a full disk into a message the user can act on.
 */
export const STORAGE_TEXTS = {
  quota: 'O armazenamento deste navegador está cheio. Libere espaço no aparelho ou conecte-se para sincronizar antes de continuar editando.',
  unavailable: 'Não foi possível salvar a alteração neste aparelho.',
} as const;

/** A local write failed; `message` is the pt-BR text to show. */
export class LocalWriteError extends Error {
  override readonly name = 'LocalWriteError';
}

/** Dexie wraps IndexedDB's QuotaExceededError; its name survives the wrapping. */
export function isQuotaError(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = (cause as { inner?: unknown }).inner) {
    if (cause.name === 'QuotaExceededError') return true;
  }
  return error instanceof DOMException && error.name === 'QuotaExceededError';
}

export function toLocalWriteError(error: unknown): LocalWriteError {
  return new LocalWriteError(isQuotaError(error) ? STORAGE_TEXTS.quota : STORAGE_TEXTS.unavailable, { cause: error });
}

let asked = false;

/** Best effort and once per page: browsers that decline (or lack the API) still work, just evictable. */
export async function requestPersistentStorage(): Promise<boolean> {
  if (asked || typeof navigator === 'undefined' || !navigator.storage?.persist) return false;
  asked = true;
  try {
    return (await navigator.storage.persisted()) || (await navigator.storage.persist());
  } catch {
    return false;
  }
}

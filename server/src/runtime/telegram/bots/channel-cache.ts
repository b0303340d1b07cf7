/**
 * Per-bot cache of each chat's channel record and welcome message: a join needs both, and reading them from the
 * database on every update would put a query on the hot path. Entries are dropped whenever they can change:
 * my_chat_member, a migration, Sincronizar, saving a welcome message (the API calls BotRuntime.invalidate), so
 * the cache never needs a TTL. A failed load is not cached.
 */
import type { ChannelConfig } from './runtime-repository.ts';

export type ChannelCache = {
  get(chatId: number): Promise<ChannelConfig | undefined>;
  invalidate(chatId?: number): void;
};

export function createChannelCache(load: (chatId: number) => Promise<ChannelConfig | undefined>): ChannelCache {
  const entries = new Map<number, Promise<ChannelConfig | undefined>>();
  return {
    get(chatId) {
      let entry = entries.get(chatId);
      if (!entry) {
        entry = load(chatId);
        entries.set(chatId, entry);
        entry.catch(() => {
          if (entries.get(chatId) === entry) entries.delete(chatId);
        });
      }
      return entry;
    },
    invalidate(chatId) {
      if (chatId === undefined) entries.clear();
      else entries.delete(chatId);
    },
  };
}

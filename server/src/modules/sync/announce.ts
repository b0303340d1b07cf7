/**
 * After a push committed changes, every open event stream of the user hears `sync.changed` (through the notifier, so
 * the streams of the other instances too) and their devices pull at once: another device's edit shows within a
 * round trip instead of on the next poll (docs/offline-sync.md#rule-6). A hint only: a lost one costs a poll.
 */
import type { Notifier } from '../../db/notify.ts';
import type { Logger } from '../../lib/logger.ts';

export const SYNC_TOPIC = 'sync.changed';

export function announceSyncTo(notifier: Pick<Notifier, 'publish'> | undefined, logger: Logger) {
  if (!notifier) return undefined;
  return (userId: string, clientId: string) => {
    void notifier.publish(SYNC_TOPIC, { userId, clientId }).catch((error: unknown) => logger.warn('falha ao anunciar sincronização', { error }));
  };
}

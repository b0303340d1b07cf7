/**
 * Change events shared with the other instances on the database (docs/decisions.md#scale-out): leases that changed
 * hands, flows written, a channel's cached data, webhook updates waiting for their owner. Publishing never fails a
 * caller: a lost event is caught up by the next heartbeat or cache expiry.
 */
import type { Notifier } from '../../../db/notify.ts';

const PEER_TOPICS = {
  polling: 'polling.changed',
  flows: 'runtime.flows-changed',
  channel: 'runtime.channel-changed',
  webhook: 'webhook.waiting',
} as const;

export type Peers = Pick<Notifier, 'publish' | 'subscribe'>;

export type PeerListeners = {
  pollingChanged(botId: string | undefined): void;
  flowsChanged(): void;
  channelChanged(botId: string, chatId: number | undefined): void;
  webhookWaiting(botId: string): void;
};

export function createPeerEvents(peers: Peers | undefined) {
  let flowsAnnounced = false;
  const publish = (topic: string, payload?: Record<string, unknown>) => void peers?.publish(topic, payload).catch(() => undefined);
  return {
    /** Starts listening; the returned function stops. */
    listen(listeners: PeerListeners): () => void {
      if (!peers) return () => undefined;
      const stops = [
        peers.subscribe(PEER_TOPICS.polling, ({ payload }) => listeners.pollingChanged(typeof payload.botId === 'string' ? payload.botId : undefined)),
        peers.subscribe(PEER_TOPICS.flows, () => listeners.flowsChanged()),
        peers.subscribe(PEER_TOPICS.webhook, ({ payload }) => {
          if (typeof payload.botId === 'string') listeners.webhookWaiting(payload.botId);
        }),
        peers.subscribe(PEER_TOPICS.channel, ({ payload }) => {
          const chatId = typeof payload.chatId === 'number' ? payload.chatId : undefined;
          if (typeof payload.botId === 'string') listeners.channelChanged(payload.botId, chatId);
        }),
      ];
      return () => stops.forEach((stop) => stop());
    },
    pollingChanged: () => publish(PEER_TOPICS.polling),
    webhookWaiting: (botId: string) => publish(PEER_TOPICS.webhook, { botId }),
    channelChanged: (botId: string, chatId: number | undefined) => publish(PEER_TOPICS.channel, { botId, ...(chatId === undefined ? {} : { chatId }) }),
    /** Once per burst of writes: the other instances reload their graphs too. */
    flowsChanged() {
      if (!peers || flowsAnnounced) return;
      flowsAnnounced = true;
      queueMicrotask(() => {
        flowsAnnounced = false;
        publish(PEER_TOPICS.flows);
      });
    },
  };
}

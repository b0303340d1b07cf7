/**
 * Live events (docs/decisions.md#p-inbox): the open event streams of this process, by user. It listens to the
 * notifier once per topic (in-process in embedded mode; LISTEN/NOTIFY on PostgreSQL, so a message stored by another
 * server process reaches these streams too) and writes each event to that user's streams only. An event is a hint
 * ("this conversation changed: pull"), never the data, so a stream that missed some loses nothing: a reconnect
 * pulls. One account keeps at most LIVE_STREAMS_PER_ACCOUNT streams open on a process (MAX_STREAMS_PER_USER by
 * default): a new one closes the oldest (its client, if still there, reconnects and pulls), so a script opening
 * streams in a loop holds a bounded amount. Streams are keyed by the workspace (whose events they carry) and the
 * member who opened them: MEMBERS_TOPIC (a member removed or given another role, on any instance) ends that
 * member's streams in that workspace at once; their client reconnects, and the auth guard decides again. Sessions
 * signed out (SESSIONS_ENDED_TOPIC, published by whoever revoked them, heard by every instance) have the person's
 * streams closed at once, in every workspace, rather than at the stream's own time limit.
 */
import { conversationStatusSchema } from '@shared/messages/assignment.ts';
import type { LiveEvent } from '@shared/messages/schemas.ts';
import type { Notifier } from '../../db/notify.ts';

/** sync.changed: a sync push committed changes; the user's other devices pull at once (docs/offline-sync.md#rule-6). */
/** conversations.changed: a member assigned a conversation or changed its status (modules/messages/assignment.ts). */
export const LIVE_TOPICS = ['messages.changed', 'bots.changed', 'channels.changed', 'contacts.changed', 'funnels.changed', 'sync.changed', 'conversations.changed'] as const;

/** `{ userId, exceptSessionId? }`: every session of the user was signed out, but the one named. */
export const SESSIONS_ENDED_TOPIC = 'sessions.ended';

type Listener = (frame: Uint8Array) => void;
/** `member`: the person who opened the stream; `sessionId`: the session it was opened with. */
type Stream = { end: () => void; sessionId: string | undefined; member: string };

/** `{workspaceId, userId}`: that member was removed or their role changed (modules/team). */
export const MEMBERS_TOPIC = 'members.changed';

/** Tabs and devices of one account together; far above what a person opens. */
export const MAX_STREAMS_PER_USER = 20;

export type EventHub = {
  /**
   * Registers a stream of `memberId`'s session on the events of workspace `userId`; the returned function
   * unregisters it. `end` closes it: the member opened one too many, was removed or changed role, or the session
   * was signed out.
   */
  attach(userId: string, listener: Listener, end?: () => void, sessionId?: string, memberId?: string): () => void;
  size(): number;
  close(): void;
};

const encoder = new TextEncoder();

export function sseFrame(event: string, data: unknown): Uint8Array {
  return encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

export function createEventHub(notifier: Notifier, maxPerUser = MAX_STREAMS_PER_USER): EventHub {
  /** Per workspace, each stream's listener, how to end it and whose it is, oldest first. */
  const streams = new Map<string, Map<Listener, Stream>>();
  let count = 0;
  // A person's sessions end in every workspace they act in (refresh tokens belong to the person).
  const endSessions = notifier.subscribe(SESSIONS_ENDED_TOPIC, ({ payload }) => {
    if (typeof payload.userId !== 'string') return;
    for (const listeners of [...streams.values()]) {
      for (const stream of [...listeners.values()]) {
        if (stream.member !== payload.userId) continue;
        if (stream.sessionId === undefined || stream.sessionId !== payload.exceptSessionId) stream.end();
      }
    }
  });
  const unsubscribe = LIVE_TOPICS.map((topic) =>
    notifier.subscribe(topic, ({ payload }) => {
      const userId = typeof payload.userId === 'string' ? payload.userId : undefined;
      const listeners = userId ? streams.get(userId) : undefined;
      if (!listeners) return;
      const event: LiveEvent = { topic };
      if (typeof payload.contactId === 'string') event.contactId = payload.contactId;
      if (typeof payload.botId === 'string') event.botId = payload.botId;
      if (typeof payload.funnelId === 'string') event.funnelId = payload.funnelId;
      if (typeof payload.clientId === 'string') event.clientId = payload.clientId;
      if (typeof payload.actorId === 'string') event.actorId = payload.actorId;
      if (typeof payload.assigneeId === 'string' || payload.assigneeId === null) event.assigneeId = payload.assigneeId;
      const status = conversationStatusSchema.safeParse(payload.status);
      if (status.success) event.status = status.data;
      // Encoded once, written to every stream of the user.
      const frame = sseFrame('change', event);
      for (const listener of listeners.keys()) listener(frame);
    }),
  );
  const endMember = (userId: string, member: string) => {
    for (const [listener, stream] of [...(streams.get(userId) ?? [])]) {
      if (stream.member !== member) continue;
      streams.get(userId)?.delete(listener);
      count -= 1;
      stream.end();
    }
    if (streams.get(userId)?.size === 0) streams.delete(userId);
  };
  unsubscribe.push(
    notifier.subscribe(MEMBERS_TOPIC, ({ payload }) => {
      if (typeof payload.workspaceId === 'string' && typeof payload.userId === 'string') endMember(payload.workspaceId, payload.userId);
    }),
  );
  return {
    attach(userId, listener, end = () => {}, sessionId = undefined, memberId = userId) {
      const open = streams.get(userId) ?? new Map<Listener, Stream>();
      streams.set(userId, open);
      const detach = (which: Listener) => {
        if (!open.delete(which)) return;
        count -= 1;
        if (open.size === 0 && streams.get(userId) === open) streams.delete(userId);
      };
      const mine = () => [...open].filter(([, stream]) => stream.member === memberId);
      while (mine().length >= maxPerUser) {
        const [oldest] = mine();
        if (!oldest) break;
        detach(oldest[0]);
        oldest[1].end();
      }
      open.set(listener, { end, sessionId, member: memberId });
      count += 1;
      return () => detach(listener);
    },
    size: () => count,
    close() {
      for (const stop of [...unsubscribe, endSessions]) stop();
      streams.clear();
    },
  };
}

/**
 * The live event stream (GET /api/events, docs/decisions.md#p-inbox), read with fetch so it carries the bearer
 * header like every other call (EventSource cannot). Events are hints ("a conversation changed"): the caller
 * pulls. A dropped stream reconnects after a pause that grows from 1 s up to 30 s and reports `open` again, which is when
 * the caller catches up with a pull. A 401 gets the API client's one refresh before the next attempt.
 */
import { liveEventSchema, type LiveEvent } from '@shared/messages/schemas.ts';
import { leaveLostWorkspace } from './workspace.ts';
import { api } from './api.ts';

export type LiveEventHandlers = { onOpen(): void; onEvent(event: LiveEvent): void };

const MIN_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;

/** Starts listening; the returned function stops for good. */
export function listenToLiveEvents(handlers: LiveEventHandlers): () => void {
  const stop = new AbortController();
  let delay = MIN_RETRY_MS;
  void (async () => {
    while (!stop.signal.aborted) {
      const opened = await readOnce(handlers, stop.signal).catch(() => false);
      if (stop.signal.aborted) return;
      delay = opened ? MIN_RETRY_MS : Math.min(MAX_RETRY_MS, delay * 2);
      await pause(delay, stop.signal);
    }
  })();
  return () => stop.abort();
}

/** Waits `ms`, or less when the network comes back (no point waiting out a long backoff then). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      globalThis.removeEventListener?.('online', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    globalThis.addEventListener?.('online', done);
    signal.addEventListener('abort', done);
  });
}

/** One connection, until it ends; answers whether it was open (then the next attempt comes quickly). */
async function readOnce(handlers: LiveEventHandlers, signal: AbortSignal): Promise<boolean> {
  const sent = api.accessToken();
  let response = await open(sent, signal);
  if (response.status === 401) {
    const next = await api.tokenAfter401(sent);
    if (!next) return false;
    response = await open(next, signal);
  }
  // Removed from the workspace (the server ended this stream at once): the member is told and moved home.
  if (response.status === 403 && Reflect.get(Object(await response.json().catch(() => null)), 'code') === 'NOT_A_MEMBER') void leaveLostWorkspace();
  if (!response.ok || !response.body) return false;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return true;
    buffer += value;
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      dispatch(buffer.slice(0, end), handlers);
      buffer = buffer.slice(end + 2);
    }
  }
}

function open(token: string | undefined, signal: AbortSignal) {
  return globalThis.fetch('/api/events', {
    headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    signal,
    cache: 'no-store',
  });
}

function dispatch(frame: string, handlers: LiveEventHandlers) {
  const name = /^event: (.*)$/m.exec(frame)?.[1];
  const data = /^data: (.*)$/m.exec(frame)?.[1];
  if (name === 'ready') handlers.onOpen();
  if (name !== 'change' || !data) return;
  try {
    const parsed = liveEventSchema.safeParse(JSON.parse(data));
    if (parsed.success) handlers.onEvent(parsed.data);
  } catch {
    // A malformed frame is skipped; the next pull corrects anything missed.
  }
}

/** Reads GET /api/events (server-sent events) into a list, with the bearer header, as the client does (fetch, not EventSource). */
import type { LiveEvent } from '@shared/messages/schemas.ts';

export type EventStream = {
  status: number;
  contentType: string | null;
  events: Array<{ event: string; data: LiveEvent }>;
  /** Settles when the server ends the stream (or it is closed here). */
  ended: Promise<void>;
  close(): void;
};

export async function openEventStream(baseUrl: string, token: string): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
  const events: EventStream['events'] = [];
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const ended = (async () => {
    for (;;) {
      const chunk = await reader?.read().catch(() => undefined);
      if (!chunk || chunk.done) return;
      buffer += decoder.decode(chunk.value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(frame)?.[1];
        const data = /^data: (.*)$/m.exec(frame)?.[1];
        if (event && data) events.push({ event, data: JSON.parse(data) as LiveEvent });
        end = buffer.indexOf('\n\n');
      }
    }
  })();
  return { status: response.status, contentType: response.headers.get('content-type'), events, ended, close: () => controller.abort() };
}

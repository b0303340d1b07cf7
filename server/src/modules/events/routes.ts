/**
 * GET /api/events: the signed-in user's live event stream (text/event-stream). Authenticated like every other call,
 * with the bearer header: the client reads it with fetch (docs/decisions.md#p-inbox), not EventSource, which cannot
 * send headers. The token is checked when the stream opens; a signed-out session's streams are closed at once (the
 * hub hears it from any instance), and every stream ends after STREAM_MAX_MS anyway; the client reconnects with a
 * fresh token. A `ready` event opens it (the client pulls to catch up), comments keep idle proxies from closing it.
 */
import { Elysia } from 'elysia';
import { authGuard } from '../../http/auth-guard.ts';
import type { AccessTokens } from '../auth/access-token.ts';
import { sseFrame, type EventHub } from './hub.ts';

const HEARTBEAT_MS = 15_000;
const STREAM_MAX_MS = 15 * 60_000;
const heartbeat = new TextEncoder().encode(': ping\n\n');

export function eventRoutes(deps: { accessTokens: AccessTokens; hub: EventHub }) {
  return new Elysia()
    .use(authGuard(deps.accessTokens))
    .get('/events', ({ userId, actor, sessionId, request, server }) => {
      // Bun closes a connection idle for 10 s by default; this one is idle by design between events.
      server?.timeout(request, 0);
      let detach = () => {};
      let timers: Array<ReturnType<typeof setInterval>> = [];
      const end = () => {
        detach();
        for (const timer of timers) clearInterval(timer);
        timers = [];
      };
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          const write = (frame: Uint8Array) => {
            try {
              controller.enqueue(frame);
            } catch {
              end();
            }
          };
          detach = deps.hub.attach(
            userId,
            write,
            () => {
              end();
              try {
                controller.close();
              } catch {
                // already closed
              }
            },
            sessionId,
            actor.id,
          );
          write(sseFrame('ready', {}));
          timers = [
            setInterval(() => write(heartbeat), HEARTBEAT_MS),
            setInterval(() => {
              end();
              controller.close();
            }, STREAM_MAX_MS),
          ];
          request.signal.addEventListener('abort', end);
        },
        cancel: end,
      });
      return new Response(body, {
        headers: {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          'x-accel-buffering': 'no',
        },
      });
    });
}

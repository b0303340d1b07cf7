/**
 * A local receiver of outgoing webhooks for tests and benchmarks (Bun.serve on a free port): it keeps every request
 * it gets (path, headers, raw body, arrival time) and answers by path — `/ok…` 200, `/flaky…` 500 to the first try of
 * each event then 200, `/gone…` 410, `/slow…` 200 after a second, `/devagar…` after 30 ms, anything else 200.
 */
import { verify } from '../lib/signature.ts';

export type Received = { path: string; eventId: string; type: string; signature: string; body: string; at: number };

export function webhookReceiver() {
  const received: Received[] = [];
  const triedOnce = new Set<string>();
  const server = Bun.serve({
    port: 0,
    async fetch(request) {
      const path = new URL(request.url).pathname;
      const body = await request.text();
      const eventId = request.headers.get('x-canalize-event-id') ?? '';
      received.push({ path, eventId, type: request.headers.get('x-canalize-event-type') ?? '', signature: request.headers.get('x-canalize-signature') ?? '', body, at: performance.now() });
      if (path.startsWith('/gone')) return new Response('não existe mais', { status: 410 });
      if (path.startsWith('/flaky') && !triedOnce.has(eventId)) {
        triedOnce.add(eventId);
        return new Response('instável', { status: 500 });
      }
      if (path.startsWith('/slow')) await Bun.sleep(1000);
      if (path.startsWith('/devagar')) await Bun.sleep(30);
      return new Response('ok');
    },
  });
  return {
    url: (path: string) => `http://127.0.0.1:${server.port}${path}`,
    received,
    on: (path: string) => received.filter((entry) => entry.path === path),
    /** Whether a request carries a valid signature of its exact body under `secret`. */
    signedBy: (entry: Received, secret: string) => verify(secret, entry.signature, entry.body, new Date()).ok,
    stop: () => server.stop(true),
  };
}

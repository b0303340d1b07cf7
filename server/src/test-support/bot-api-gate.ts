/**
 * The Bot API as a server under test sees it: a pass-through to the emulator that can stop listening (every open
 * connection closed, long polls included; new connections refused, as when Telegram is unreachable) and listen again
 * on the same port, the emulator keeping its state meanwhile (docs/decisions.md#fault-matrix).
 */
export type BotApiGate = { url(): string; down(): Promise<void>; up(): void };

export function botApiGate(target: string): BotApiGate {
  let server: ReturnType<typeof Bun.serve> | undefined;
  // Below the kernel's ephemeral range: while the gate is down, a connect to an ephemeral port can be given that
  // same port as its source and connect to itself (TCP simultaneous open), a request that never gets an answer.
  let port = 20_000 + Math.floor(Math.random() * 10_000);
  const listen = () => {
    server = Bun.serve({
      port, hostname: '127.0.0.1', idleTimeout: 0,
      async fetch(request) {
        const url = new URL(request.url);
        const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
        const answer = await fetch(`${target}${url.pathname}${url.search}`, { method: request.method, headers: request.headers, body, signal: request.signal });
        return new Response(await answer.arrayBuffer(), { status: answer.status, headers: answer.headers });
      },
    });
    port = server.port ?? port;
  };
  for (let attempt = 0; server === undefined; attempt++) {
    try {
      listen();
    } catch (error) {
      if (attempt >= 20) throw error;
      port = 20_000 + Math.floor(Math.random() * 10_000);
    }
  }
  return {
    url: () => `http://127.0.0.1:${port}`,
    /** Closes the listener and every open connection (long polls included): new connections are refused. */
    down: async () => {
      await server?.stop(true);
      server = undefined;
    },
    up: listen,
  };
}


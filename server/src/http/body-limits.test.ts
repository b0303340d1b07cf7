import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { failureEnvelopeSchema } from '@shared/api/envelope.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../test-support/start-test-server.ts';
import { SERVER_MAX_BODY_BYTES } from './request-input.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => server.stop(), 20_000);

const KB = 1024;
const jsonOf = (bytes: number) => JSON.stringify({ padding: 'x'.repeat(Math.max(0, bytes - 20)) });

/** A body sent in chunks with no Content-Length, as a client that streams it would. */
function chunked(totalBytes: number, chunkBytes = 64 * KB): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      const size = Math.min(chunkBytes, totalBytes - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(0x20));
    },
  });
}

/**
 * Sends a body the server refuses before reading it all, then aborts the rest of the upload: a client still
 * sending would keep its connection open and hold up the server's stop.
 */
async function expectTooLarge(send: (signal: AbortSignal) => Promise<Response>) {
  const abort = new AbortController();
  try {
    const response = await send(abort.signal);
    expect(response.status).toBe(413);
    expect(failureEnvelopeSchema.parse(await response.json())).toEqual({
      success: false,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Arquivo ou corpo grande demais',
    });
  } finally {
    abort.abort();
  }
}

describe('request body caps', () => {
  test('a login body over 64 KB is refused with the pt-BR 413 from its Content-Length', async () => {
    await expectTooLarge((signal) => server.api('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: jsonOf(100 * KB), signal }));
  });

  test('a chunked body without Content-Length is cut off once it passes the cap', async () => {
    await expectTooLarge((signal) =>
      fetch(`${server.url}/api/telegram/webhook/${crypto.randomUUID()}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: chunked(3 * 1024 * KB),
        duplex: 'half',
        signal,
      } as RequestInit),
    );
  });

  test('bodies within their route cap are read as before', async () => {
    const webhook = await server.api(`/api/telegram/webhook/${crypto.randomUUID()}`, { json: { update_id: 1, padding: 'x'.repeat(900 * KB) } });
    expect({ status: webhook.status, code: (await webhook.json()).code }).toEqual({ status: 401, code: 'WEBHOOK_FORBIDDEN' }); // read, parsed, answered by the route
    const push = await server.api('/api/sync/push', { method: 'POST', headers: { 'content-type': 'application/json' }, body: jsonOf(4 * 1024 * KB) });
    expect({ status: push.status, code: (await push.json()).code }).toEqual({ status: 401, code: 'UNAUTHENTICATED' }); // under the 8 MB cap
    await expectTooLarge((signal) => server.api('/api/flows', { method: 'POST', headers: { 'content-type': 'application/json' }, body: jsonOf(2 * 1024 * KB), signal }));
  });

  test('just under Bun\'s own limit, the answer is still the pt-BR envelope, never an empty 413', async () => {
    await expectTooLarge((signal) =>
      server.api('/api/auth/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: new Uint8Array(SERVER_MAX_BODY_BYTES - 1).fill(0x20),
        signal,
      }),
    );
  });
});

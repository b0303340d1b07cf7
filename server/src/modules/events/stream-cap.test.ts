/** One account cannot hold an unbounded number of live event streams: the 21st closes its oldest. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { openEventStream, type EventStream } from '../../test-support/event-stream.ts';
import { registerUser } from '../../test-support/fixtures.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../../test-support/start-test-server.ts';
import { MAX_STREAMS_PER_USER } from './hub.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => server.stop());

async function openReady(token: string): Promise<EventStream & { isEnded(): boolean }> {
  const stream = await openEventStream(server.url, token);
  let ended = false;
  void stream.ended.then(() => (ended = true));
  for (let i = 0; i < 200 && !stream.events.some((event) => event.event === 'ready'); i++) await Bun.sleep(10);
  expect(stream.events[0]?.event).toBe('ready');
  return { ...stream, isEnded: () => ended };
}

describe('live event streams per account', () => {
  test('opening one more than the cap closes the oldest; other accounts are untouched', async () => {
    const owner = await registerUser(server);
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) streams.push(await openReady(owner.tokens.accessToken));
    const other = await openReady((await registerUser(server)).tokens.accessToken);
    expect(server.server.events.size()).toBe(MAX_STREAMS_PER_USER + 1);
    const newest = await openReady(owner.tokens.accessToken);
    await streams[0]?.ended;
    expect(streams[0]?.isEnded()).toBe(true);
    expect(streams.slice(1).some((stream) => stream.isEnded())).toBe(false);
    expect(newest.isEnded()).toBe(false);
    expect(other.isEnded()).toBe(false);
    expect(server.server.events.size()).toBe(MAX_STREAMS_PER_USER + 1);
    for (const stream of [...streams, newest, other]) stream.close();
  }, 30_000);
});

/**
 * For tests of the real engine (engine.ts hard-wires httpTransport and opens its database by user id): the global
 * fetch answers /api/sync/* from a model server, and Dexie's default IndexedDB is a fake-indexeddb profile. Both
 * are swapped in for a test file and restored after it. `mode` makes the network fail the way a browser would.
 */
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { MutationEnvelope } from '@shared/sync/protocol.ts';
import { createModelServer, type ModelServer } from './model-server.ts';

export type NetworkMode = 'ok' | 'offline' | 'unauthorized' | 'serverError';

export type SyncRequest = { kind: 'push'; ids: number[] } | { kind: 'pull'; cursor: number } | { kind: 'other'; path: string };

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export function createFakeSyncApi() {
  let server: ModelServer = createModelServer();
  const requests: SyncRequest[] = [];
  const network: { mode: NetworkMode } = { mode: 'ok' };

  /** The open live event streams (GET /api/events): silent until a test sends an event. */
  const streams = new Set<ReadableStreamDefaultController<Uint8Array>>();

  function eventStream(signal: AbortSignal | null | undefined): Response {
    let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(opened) {
        controller = opened;
        streams.add(opened);
      },
      cancel() {
        if (controller) streams.delete(controller);
      },
    });
    signal?.addEventListener('abort', () => {
      if (!controller || !streams.delete(controller)) return;
      controller.error(new DOMException('aborted', 'AbortError'));
    });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  }

  async function fakeFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    const url = new URL(String(input), 'http://localhost/');
    if (network.mode === 'offline') throw new TypeError('Failed to fetch');
    if (url.pathname === '/api/events' && network.mode === 'ok') return eventStream(init?.signal);
    if (network.mode === 'serverError') return json(503, { success: false, code: 'UNAVAILABLE', message: 'Serviço indisponível' });
    if (network.mode === 'unauthorized') return json(401, { success: false, code: 'UNAUTHORIZED', message: 'Token inválido' });
    if (url.pathname === '/api/sync/push' && init?.method === 'POST') {
      const { mutations } = JSON.parse(String(init.body)) as { mutations: MutationEnvelope[] };
      requests.push({ kind: 'push', ids: mutations.map((mutation) => mutation.mutationId) });
      return json(200, { success: true, data: server.push(mutations) });
    }
    if (url.pathname === '/api/sync/pull') {
      const cursor = Number(url.searchParams.get('cursor') ?? 0);
      requests.push({ kind: 'pull', cursor });
      return json(200, { success: true, data: server.pull(cursor) });
    }
    requests.push({ kind: 'other', path: url.pathname });
    return json(404, { success: false, code: 'NOT_FOUND', message: 'Não encontrado' });
  }

  let savedFetch: typeof fetch | undefined;
  const installed = Object.assign(fakeFetch, { preconnect: () => {} }) as typeof fetch;
  let savedDeps: { indexedDB: unknown; IDBKeyRange: unknown } | undefined;

  return {
    get server() {
      return server;
    },
    requests,
    network,
    pushedIds: () => requests.flatMap((request) => (request.kind === 'push' ? request.ids : [])),
    pulls: () => requests.filter((request) => request.kind === 'pull').length,
    /** Sends a live event (`change`) to every open event stream; answers how many heard it. */
    emit(data: Record<string, unknown>) {
      const frame = new TextEncoder().encode(`event: change\ndata: ${JSON.stringify(data)}\n\n`);
      for (const stream of streams) stream.enqueue(frame);
      return streams.size;
    },
    /** A fresh server, request log and network for the next test. */
    reset() {
      server = createModelServer();
      requests.length = 0;
      network.mode = 'ok';
    },
    install() {
      savedFetch = globalThis.fetch;
      globalThis.fetch = installed;
      savedDeps = { ...Dexie.dependencies };
      Object.assign(Dexie.dependencies, { indexedDB: new IDBFactory(), IDBKeyRange });
    },
    uninstall() {
      // useDom's own afterAll may already have put Bun's fetch back (it unregisters happy-dom, whose fetch was the
      // one saved here): only a fetch that is still ours is replaced, or the server tests after this file would
      // get a closed window's fetch.
      if (savedFetch && globalThis.fetch === installed) globalThis.fetch = savedFetch;
      if (savedDeps) Object.assign(Dexie.dependencies, savedDeps);
    },
  };
}

/** Resolves once `check` holds, polling; fails with `what` after `ms`. */
export async function waitUntil(check: () => boolean | Promise<boolean>, what: string, ms = 2000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

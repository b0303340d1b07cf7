/**
 * A minimal offline client for the sync tests: numbers mutations 1, 2, 3… for one client id, pushes batches and
 * pulls pages into a local copy of the user's data, as the PWA's outbox and Dexie cache do.
 */
import { pullResponseSchema, pushResponseSchema, SYNC_TABLES, type PullResult, type SyncTable } from '@shared/sync/protocol.ts';
import type { MutationArgs, MutationName } from '@shared/sync/mutations.ts';
import type { TestServer } from './start-test-server.ts';

export type Envelope = {
  clientId: string;
  mutationId: number;
  name: string;
  args: unknown;
  createdAt: string;
  base?: { version: number; fields: Record<string, unknown> };
};

export function syncClient(server: TestServer, accessToken: string, clientId: string = crypto.randomUUID()) {
  let nextId = 1;
  const local = new Map<SyncTable, Map<string, unknown>>(SYNC_TABLES.map((table) => [table, new Map()]));
  let cursor = 0;

  const rowKey = (table: SyncTable, row: Record<string, unknown>) =>
    String(table === 'welcomeMessages' ? row.channelId : table === 'conversations' ? row.contactId : row.id);

  function apply(page: PullResult) {
    if (page.reset) for (const table of SYNC_TABLES) local.get(table)?.clear();
    for (const table of SYNC_TABLES) {
      for (const row of page.changes[table]) local.get(table)?.set(rowKey(table, row), row);
    }
    for (const gone of page.deleted) local.get(gone.table)?.delete(gone.id);
    cursor = page.cursor;
  }

  return {
    clientId,
    local,
    get cursor() {
      return cursor;
    },
    /** A well-formed envelope with the next id (or an explicit one, for gap tests). */
    envelope<N extends MutationName>(name: N, args: MutationArgs<N>, mutationId = nextId++): Envelope {
      return { clientId, mutationId, name, args, createdAt: new Date().toISOString() };
    },
    /** An edit made on what this client pulled last: its base is the local cursor and the fields it changed. */
    edit<N extends MutationName>(name: N, args: MutationArgs<N>, fields: Record<string, unknown>): Envelope {
      return { ...this.envelope(name, args), base: { version: cursor, fields } };
    },
    async pushRaw(body: unknown) {
      const response = await server.api('/api/sync/push', { json: body, token: accessToken });
      return { status: response.status, body: await response.json() };
    },
    async push(mutations: Envelope[]) {
      const answer = await this.pushRaw({ mutations });
      if (answer.status !== 200) throw new Error(`push answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      return pushResponseSchema.parse(answer.body).data;
    },
    async pullPage(from = cursor) {
      const response = await server.api(`/api/sync/pull?cursor=${from}`, { token: accessToken });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`pull answered ${response.status}: ${text}`);
      return pullResponseSchema.parse(JSON.parse(text)).data;
    },
    /** Pulls every page after the local cursor into the local copy; answers the number of pages. */
    async pullAll() {
      let pages = 0;
      for (;;) {
        const page = await this.pullPage();
        apply(page);
        pages += 1;
        if (!page.hasMore) return pages;
      }
    },
  };
}

export type SyncClient = ReturnType<typeof syncClient>;

/**
 * Before a poller handles a batch, the database must be answering (docs/decisions.md#scale-out "No update lost"): a
 * batch handled during an outage would run its flows against a database that refuses their writes (a durable delay
 * not scheduled) and then get its receipt once the database is back — handled, but not done. A journal flush that
 * succeeded within the last second is proof enough (the hot path pays nothing); otherwise one `select 1`, shared
 * by the pollers that ask meanwhile. Refused: the poller pauses and asks Telegram for the same batch again.
 */
import type { Sql } from '../../../db/client.ts';
import { probeDatabase } from '../bots/runtime-repository.ts';

const FRESH_MS = 1_000;

export type DatabaseGate = { check(): Promise<void>; passed(): void };

export function createDatabaseGate(sql: Sql): DatabaseGate {
  let lastGood = 0;
  let probing: Promise<void> | undefined;
  const probe = () =>
    (probing ??= probeDatabase(sql)
      .then(() => void (lastGood = Date.now()))
      .finally(() => (probing = undefined)));
  return {
    check: () => (Date.now() - lastGood < FRESH_MS ? Promise.resolve() : probe()),
    passed: () => void (lastGood = Date.now()),
  };
}

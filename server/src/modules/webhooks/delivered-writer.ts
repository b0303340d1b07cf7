/**
 * The outcomes of a run's 2xx answers, written behind the POSTs (docs/decisions.md#outgoing-webhooks): one write in
 * flight at a time, carrying every answer that arrived meanwhile. Against a fast receiver one statement covers many
 * deliveries; against a slow one each is written before the next answer. A kill re-sends only the deliveries whose
 * write had not committed: at least once, with the duplicates bounded by one write's round trip.
 */
import type { Queryable } from '../../db/client.ts';
import * as repo from './delivery-repository.ts';

export type DeliveredWriter = {
  add(id: string, attempt: repo.Attempt): void;
  /** Everything added is written; rejects with a write's failure (those deliveries stay 'sending': sent again). */
  settle(): Promise<void>;
};

export function deliveredWriter(sql: Queryable, webhookId: string): DeliveredWriter {
  let pending: { id: string; attempt: repo.Attempt }[] = [];
  let writing: Promise<void> | undefined;
  let failure: unknown;
  const write = (): Promise<void> => {
    const batch = pending;
    pending = [];
    writing = repo.recordDelivered(sql, webhookId, batch).then(
      () => {
        writing = undefined;
        // What arrived during this write goes in the next one.
        if (pending.length > 0) return write();
      },
      (error: unknown) => {
        failure ??= error;
        writing = undefined;
      },
    );
    return writing;
  };
  return {
    add(id, attempt) {
      pending.push({ id, attempt });
      if (!writing && failure === undefined) void write();
    },
    async settle() {
      // A write chains the next while answers keep coming; only a failure stops it (what is left stays 'sending').
      while (writing) await writing;
      if (failure !== undefined) throw failure;
    },
  };
}

/**
 * Writes the long-polling owners' batches before Telegram may forget them (update-poller.ts,
 * polled-batches-repository.ts), with group commit: the first batch is written at once, the batches of the bots that
 * arrive while that statement runs go together in the next one. One statement per batch would saturate the embedded
 * database's single connection under many busy bots; grouped they are a few per flush interval.
 */
import type { Sql } from '../../../db/client.ts';
import { stashBatches, type PolledBatch } from './polled-batches-repository.ts';

type Pending = { batch: PolledBatch; resolve(held: boolean): void; reject(error: unknown): void };

export type BatchStash = { write(batch: PolledBatch): Promise<boolean> };

/** `instanceId`: the lease owner every write is fenced by. */
export function createBatchStash(sql: Sql, instanceId: string): BatchStash {
  let pending: Pending[] = [];
  let writing = false;

  async function drain() {
    writing = true;
    while (pending.length > 0) {
      const group = pending;
      pending = [];
      try {
        const held = await stashBatches(sql, instanceId, group.map((item) => item.batch));
        for (const item of group) item.resolve(held.has(item.batch.botId));
      } catch (error) {
        for (const item of group) item.reject(error);
      }
    }
    writing = false;
  }

  return {
    /** Resolves once the batch is stored: true, or false when the bot's lease is not ours (nothing written). */
    write(batch) {
      return new Promise((resolve, reject) => {
        pending.push({ batch, resolve, reject });
        if (!writing) void drain();
      });
    },
  };
}

/**
 * Long polling under a lease (docs/decisions.md#scale-out): each bot's poller fetches batch by batch from the offset
 * the claim stored; every batch is written before its updates are handled (batch-stash.ts), each update's receipt
 * with its work (the journal), and the offset is committed fenced by the lease.
 */
import type { Sql } from '../../../db/client.ts';
import type { Logger } from '../../../lib/logger.ts';
import type { BotEntry } from '../bots/bot-entry.ts';
import { ALLOWED_UPDATES } from '../bots/create-bot.ts';
import type { ContactJournal } from '../journal/contact-journal.ts';
import type { PollingLease } from '../ownership/polling-lease.ts';
import { commitOffset } from '../ownership/polling-lease-repository.ts';
import { createBatchStash } from './batch-stash.ts';
import type { DatabaseGate } from './database-gate.ts';
import { startUpdatePoller, type UpdatePoller } from './update-poller.ts';

type StartOffset = { offset: number | undefined; done: number[] };

export type PolledIntakeOptions = {
  sql: Sql;
  lease: PollingLease;
  journal: ContactJournal;
  /** Pollers wait on it while the database does not answer (database-gate.ts). */
  gate: DatabaseGate;
  lost(botId: string): void;
};

export function createPolledIntake(options: PolledIntakeOptions) {
  const { sql, lease, journal, gate } = options;
  const pollers = new Map<string, UpdatePoller>();
  const startOffsets = new Map<string, StartOffset>();
  const stash = createBatchStash(sql, lease.instanceId);
  return {
    claimed(claim: { botId: string; startOffset: number | undefined; doneIds: number[] }) {
      startOffsets.set(claim.botId, { offset: claim.startOffset, done: claim.doneIds });
    },
    /** `reader`: this ownership of the bot, whose receipts count for the batches the poller writes. */
    start(entry: BotEntry, log: Logger, reader: string) {
      const botId = entry.botId;
      pollers.set(botId, startUpdatePoller({
        bot: entry.bot,
        logger: log,
        allowedUpdates: ALLOWED_UPDATES,
        offset: startOffsets.get(botId)?.offset,
        done: startOffsets.get(botId)?.done ?? [],
        store: {
          stash: (updates, nextOffset) => stash.write({ reader, botId, updates, nextOffset }),
          handling: (updateId, work, queued) => journal.handling({ kind: 'polled', reader, botId, updateId }, work, queued),
          ready: () => gate.check(),
          commitOffset: (next) => commitOffset(sql, lease.instanceId, botId, next),
        },
        onConflict: () => void lease.poke(),
        onLeaseLost: () => options.lost(botId),
      }));
    },
    async stop(botId: string) {
      const poller = pollers.get(botId);
      pollers.delete(botId);
      await poller?.stop();
    },
  };
}

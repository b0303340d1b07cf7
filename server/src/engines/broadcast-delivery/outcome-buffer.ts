/**
 * The outcomes of one bot's sends, written in batches (every ~20 ms) by the statement that ends their claims, with
 * the contacts a send found blocked. A write that fails keeps its outcomes for the next try and marks the buffer
 * failed, so the loop stops claiming until they are written; if the process dies first, their leases run out and
 * they become uncertain.
 */
import type { Sql } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import * as repo from './delivery-repository.ts';

export type OutcomeBuffer = ReturnType<typeof createOutcomeBuffer>;

export function createOutcomeBuffer(sql: Sql, logger: Logger, botId: string, token: string) {
  const pending: repo.Outcome[] = [];
  const blocked: string[] = [];
  let flushing: Promise<void> | undefined;
  let failed = false;

  const flush = async () => {
    while (pending.length > 0 || blocked.length > 0) {
      const outcomes = pending.splice(0, 1000);
      const contacts = blocked.splice(0, 1000);
      try {
        await repo.markContactsBlocked(sql, contacts);
        await repo.recordOutcomes(sql, token, outcomes);
      } catch (error) {
        pending.unshift(...outcomes);
        blocked.unshift(...contacts);
        failed = true;
        throw error;
      }
    }
    failed = false;
  };
  const scheduleFlush = () => {
    // A write that fails must not become an unhandled rejection (it would end the whole server).
    flushing ??= Bun.sleep(20)
      .then(flush)
      .catch((error: unknown) => logger.error('falha ao gravar resultados de broadcast', { botId, error }))
      .finally(() => (flushing = undefined));
  };
  const record = (outcome: repo.Outcome) => {
    pending.push(outcome);
    scheduleFlush();
  };

  return {
    flush,
    scheduleFlush,
    record,
    /** Back to pending (after `delayMs`); `uncount` gives the attempt back, the send never happened. */
    back(recipient: repo.ClaimedRecipient, delayMs = 0, uncount = true) {
      record({ broadcastId: recipient.broadcastId, telegramId: recipient.telegramId, status: 'pending', reason: null, messageId: null, retryable: false, delayMs, uncount });
    },
    sent(recipient: repo.ClaimedRecipient, messageId: number) {
      record({ broadcastId: recipient.broadcastId, telegramId: recipient.telegramId, status: 'sent', reason: null, messageId, retryable: false, delayMs: 0, uncount: false });
    },
    failed(recipient: repo.ClaimedRecipient, reason: string, retryable = false) {
      record({ broadcastId: recipient.broadcastId, telegramId: recipient.telegramId, status: 'failed', reason, messageId: null, retryable, delayMs: 0, uncount: false });
    },
    block(contactId: string) {
      blocked.push(contactId);
    },
    /** The batch being written now, if any. */
    writing: () => flushing,
    /** Set while outcomes could not be written. */
    stuck: () => failed,
  };
}

/**
 * One bot's sender loop (docs/decisions.md#broadcast-delivery): wait for a rate slot → claim a few recipients
 * ('sending', lease) → send each (one message a second per chat) → record the outcome. When nothing is left to
 * claim it finishes the broadcasts that are done, and it ends once the bot has none SENDING. On the way out, what
 * is claimed but not sent goes back to pending and every outcome is written.
 */
import { BROADCAST_TEXTS } from '@shared/broadcasts/texts.ts';
import type { BotLoopState, EngineParts } from './bot-loop-state.ts';
import * as repo from './delivery-repository.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Queryable } from '../../db/client.ts';
import { emitWebhookEvents } from '../../ports/webhook-events.ts';
import { createOutcomeBuffer } from './outcome-buffer.ts';
import type { RateWindow } from './rate-window.ts';
import { createRecipientSender } from './recipient-send.ts';

export async function runBotLoop(engine: EngineParts, botId: string, window: RateWindow) {
  const token = crypto.randomUUID();
  const state: BotLoopState = {
    botId, token, window, lastByChat: new Map(), outcomes: createOutcomeBuffer(engine.sql, engine.logger, botId, token), revoked: false,
  };
  const { outcomes } = state;
  const dispatch = dispatcher(engine, state);
  let queue: repo.ClaimedRecipient[] = [];
  try {
    while (!engine.stopping() && !state.revoked && engine.runtime.isRunning(botId)) {
      if (outcomes.stuck()) {
        await Bun.sleep(1000);
        outcomes.scheduleFlush();
        await outcomes.writing();
        continue;
      }
      const wait = window.waitMs(Date.now());
      if (wait > 0) {
        await Bun.sleep(Math.min(wait, 200));
        continue;
      }
      if (queue.length === 0) {
        const claimed = await claimNext(engine, state, dispatch.settled);
        if (claimed === 'finished') return;
        queue = claimed;
      }
      const recipient = queue.shift();
      if (!recipient) continue;
      dispatch.send(recipient);
      // A 429 paused the bot: what is claimed but not sent goes back rather than waiting under its lease.
      if (window.waitMs(Date.now()) > 1000 && queue.length > 0) {
        for (const left of queue.splice(0)) outcomes.back(left);
      }
    }
  } finally {
    for (const left of queue.splice(0)) outcomes.back(left);
    await dispatch.settled();
    await outcomes.writing();
    await outcomes.flush();
    if (state.revoked) await repo.failBotBroadcasts(engine.sql, botId, BROADCAST_TEXTS.tokenRevoked);
  }
}

/** ≤ 0.2 s of sending per claim, following the rate as it changes. */
const batchOf = (window: RateWindow) => Math.max(1, Math.min(100, Math.ceil(window.rate / 5)));

/**
 * The next recipients; when none is claimable, the sends in flight are recorded and finished broadcasts closed
 * before one more try. 'finished': the bot has no SENDING broadcast left; [] after a short wait: try again.
 */
async function claimNext(engine: EngineParts, state: BotLoopState, settled: () => Promise<unknown>): Promise<repo.ClaimedRecipient[] | 'finished'> {
  const { sql } = engine;
  const claim = () => repo.claimRecipients(sql, state.botId, batchOf(state.window), state.token, engine.leaseMs, engine.instanceId);
  await state.outcomes.writing();
  const claimed = await claim();
  if (claimed.length > 0) return claimed;
  await settled();
  await state.outcomes.writing();
  await state.outcomes.flush();
  await inTransaction(sql, async (tx) => emitFinished(tx, await repo.finishDone(tx, state.botId, BROADCAST_TEXTS.noneSent)));
  const again = await claim();
  if (again.length > 0) return again;
  if (!(await repo.sendingBots(sql)).some((bot) => bot.botId === state.botId)) return 'finished';
  await Bun.sleep(250);
  return [];
}

/** Sends run concurrently, each stamped in the rate window when dispatched; a chat sent to within a second waits. */
function dispatcher(engine: EngineParts, state: BotLoopState) {
  const deliver = createRecipientSender(engine, state);
  const inFlight = new Set<Promise<void>>();
  return {
    send(recipient: repo.ClaimedRecipient) {
      const last = state.lastByChat.get(recipient.telegramId);
      const now = Date.now();
      state.window.take(now);
      state.lastByChat.set(recipient.telegramId, now);
      if (state.lastByChat.size > 100_000) state.lastByChat.clear();
      const chatWait = last === undefined ? 0 : Math.max(0, last + 1000 - now);
      const task: Promise<void> = (chatWait > 0 ? Bun.sleep(chatWait) : Promise.resolve())
        .then(() => deliver(recipient, now + chatWait))
        .catch((error: unknown) => {
          engine.logger.error('falha ao enviar broadcast', { botId: state.botId, error });
          state.outcomes.failed(recipient, BROADCAST_TEXTS.reasonUncertain);
        })
        .finally(() => inFlight.delete(task));
      inFlight.add(task);
    },
    settled: () => Promise.allSettled([...inFlight]),
  };
}

/** broadcast.completed (ports/webhook-events.ts) of the broadcasts that just ended, in the transaction that ended them. */
function emitFinished(tx: Queryable, finished: repo.FinishedBroadcast[]) {
  return emitWebhookEvents(tx, finished.map(({ id, userId, ...broadcast }) => ({ workspaceId: userId, type: 'broadcast.completed', data: { broadcastId: id, ...broadcast } })));
}

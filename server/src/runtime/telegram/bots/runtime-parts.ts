/**
 * The parts of the bot runtime and how they are wired (docs/decisions.md#scale-out): the flow engine and the contact
 * journal shared by every bot, the lease that says which bots this instance owns, how an owned bot receives its
 * updates, its lifecycle here, the standalone Apis of bots running elsewhere and the change events between instances.
 */
import { noAccessGate } from '../../../ports/access-gate.ts';
import type { GrammySignal } from '../updates/bot-intake.ts';
import { createBotIntake } from '../updates/bot-intake.ts';
import { createDatabaseGate } from '../updates/database-gate.ts';
import { createContactJournal } from '../journal/contact-journal.ts';
import { createOutboundCalls } from '../outbound/outbound-calls.ts';
import { createPollingLease } from '../ownership/polling-lease.ts';
import { createFlowEngine } from '../../flow-engine/flow-engine.ts';
import { createFlowGeneration } from '../../flow-engine/flow-generation.ts';
import type { BotManagerOptions } from './bot-manager.ts';
import { createBotLifecycle } from './bot-lifecycle.ts';
import { contactEventRouter } from './contact-events.ts';
import { createPeerEvents } from './peer-events.ts';
import { createStandaloneBots } from './standalone-bots.ts';

export function createRuntimeParts(options: BotManagerOptions) {
  const { sql, logger, apiRoot, encryptionKey, retry } = options;
  const generation = createFlowGeneration();
  const flows = createFlowEngine({
    sql, logger: logger.child({ component: 'flows' }), allowPrivateHttp: options.flowHttpAllowPrivate ?? false, jobs: options.jobs, media: options.media, generation,
  });
  const gate = createDatabaseGate(sql);
  const journal = createContactJournal(sql, logger, {
    contactTriggers: flows.journalTriggers,
    // Any stored flush proves the database answers: pollers need not probe it (database-gate.ts).
    onWritten: () => gate.passed(),
    ...(options.onMessagesStored ? { onMessagesStored: options.onMessagesStored } : {}),
    onContactsChanged: (userIds) => {
      for (const userId of userIds) options.notify?.(userId, 'contacts.changed', {});
    },
  });
  const peers = createPeerEvents(options.peers);
  const webhookBase = () => options.webhookBaseUrl?.();
  // Aborts the Telegram calls of bot starts still in progress when the runtime stops (an unreachable API would
  // otherwise hold the shutdown for minutes: grammY's requests wait up to 500 s). grammY types its signals with the
  // abort-controller shim; the platform's AbortSignal is what it really uses.
  const closing = new AbortController();
  const signal = closing.signal as GrammySignal;
  const lease = createPollingLease({
    sql, logger: logger.child({ component: 'polling' }), leaseMs: options.polling?.leaseMs, tickMs: options.polling?.tickMs,
    identity: options.instanceId,
    acquired: (claim) => {
      intake.claimed(claim);
      return life.startAttempt(claim.botId);
    },
    dropped: (botId, reason) => life.dropped(botId, reason),
    announce: peers.pollingChanged,
  });
  /** The bot's lease was found taken (a poller, the webhook queue or a receipt write was fenced): stop it here. */
  const leaseLost = (botId: string) => {
    lease.lost(botId);
    void life.stopHere(botId, false);
  };
  const intake = createBotIntake({
    sql, logger, encryptionKey, lease, journal, gate, webhookBase, signal, lost: leaseLost, announceWaiting: peers.webhookWaiting,
    webhookTickMs: options.webhookTickMs,
  });
  const standalone = createStandaloneBots({
    sql, logger, apiRoot, encryptionKey, journal, retry, signal: closing.signal,
    onUnauthorized: (botId, userId) => void life.revoke(botId, userId),
  });
  const life = createBotLifecycle({
    sql, logger, apiRoot, encryptionKey, pixelOutbox: options.pixelOutbox, starsAccess: options.starsAccess, access: options.access ?? noAccessGate, removalPace: options.removalPace, retry, journal, flows, notify: options.notify, intake, closing, signal,
    holds: (botId) => lease.holds(botId),
    forgetStandalone: (botId) => standalone.forget(botId),
    release: (botId) => lease.release(botId),
    webhookMode: () => webhookBase() !== undefined,
  });
  const outbound = createOutboundCalls({ entry: life.entry, standalone });
  return { sql, flows, journal, lease, intake, life, standalone, peers, generation, closing, outbound, contactEvent: contactEventRouter({ sql, logger, flows }) };
}

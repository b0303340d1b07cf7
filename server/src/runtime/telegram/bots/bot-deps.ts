/** What every bot feature (Composer) receives: the bot's identity and the runtime's shared services. */
import type { Sql } from '../../../db/client.ts';
import type { Logger } from '../../../lib/logger.ts';
import type { AccessGate } from '../../../ports/access-gate.ts';
import type { MemberRemover } from '../outbound/member-remover.ts';
import type { PixelOutbox } from '../../../ports/pixel-outbox.ts';
import type { StarsAccess } from '../../../ports/stars-access.ts';
import type { FlowEngine } from '../../flow-engine/flow-engine.ts';
import type { ChannelCache } from './channel-cache.ts';
import type { ContactJournal } from '../journal/contact-journal.ts';

export type BotDeps = {
  /** Record id of the bot (bots.id), not its Telegram id. */
  botId: string;
  userId: string;
  sql: Sql;
  logger: Logger;
  journal: ContactJournal;
  channels: ChannelCache;
  flows: FlowEngine;
  /** Where funnel attribution records Conversions API events, in its own transaction. */
  pixelOutbox: PixelOutbox;
  /** Paid access's side of Telegram Stars: the features never reach the access module but through it. */
  starsAccess: StarsAccess;
  /** Paid access: what a claim, a join through an issued link or a join request means (the access module decides). */
  access: AccessGate;
  /** Ban then unban at the bot's removal pace (outbound/member-remover.ts). */
  removeMember: MemberRemover;
  /** Tells live screens that this bot's channel list changed. */
  channelsChanged(): void;
  /** Tells live screens that a funnel counted an entry or an exit. */
  funnelChanged(funnelId: string): void;
};

/**
 * A contact event (a console edit, an entry through a funnel's link) starts the bot's flows in the bot's owner
 * (docs/decisions.md#scale-out): here at once when the bot runs here, else as a job the owner claims (nothing when
 * the bot is off: a stopped bot starts no flows).
 */
import type { Sql } from '../../../db/client.ts';
import type { Logger } from '../../../lib/logger.ts';
import type { FlowEngine } from '../../flow-engine/flow-engine.ts';
import * as repo from './runtime-repository.ts';

export type ContactEventChange = Parameters<FlowEngine['forwardContactEvent']>[1];

export function contactEventRouter(deps: { sql: Sql; logger: Logger; flows: FlowEngine }) {
  const { sql, logger, flows } = deps;
  return async function contactEvent(change: ContactEventChange): Promise<void> {
    if (flows.attachedBot(change.botId)) return flows.contactsChanged([{ ...change, created: false }]);
    try {
      if (!(await repo.findActiveBot(sql, change.botId))) return;
      await flows.forwardContactEvent(sql, change);
    } catch (error) {
      logger.error('falha ao encaminhar evento de contato ao bot', { botId: change.botId, error });
    }
  };
}

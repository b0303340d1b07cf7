/**
 * Runs one access event (access-event-job.ts): re-reads the access, then hands the bot's "Acesso pago" triggers the
 * plan, the end and the buyer's contact through the bot runtime, in the instance running the bot (else the job goes
 * back). A reminder whose access was renewed, shortened or ended meanwhile is moot; an event the bot could not run
 * within STALE_MS is dropped (a flow must not answer a payment of last week).
 */
import { holdsAccess } from '@shared/access/texts.ts';
import type { Sql } from '../../../db/client.ts';
import type { JobHandler } from '../../../jobs/run-job.ts';
import type { Logger } from '../../../lib/logger.ts';
import type { BotRuntime } from '../../../ports/bot-runtime.ts';
import { eventTarget } from './access-event-repository.ts';
import type { accessEventJob } from './access-event-job.ts';

export const STALE_MS = 24 * 60 * 60_000;

type Deps = { sql: Sql; logger: Logger; runtime: Pick<BotRuntime, 'accessEvent'> };

export function accessEventHandler(deps: Deps): JobHandler<typeof accessEventJob.payload> {
  return {
    // Longer than the flows' walks (100 steps, HTTP steps capped at 10 s), so a live run keeps its lease; a crash
    // mid-run costs at-least-once, never a lost event (flow-engine/delay-resume.ts, the same rule).
    leaseMs: 20 * 60_000,
    async run(payload, { job }) {
      if (Date.now() - Date.parse(payload.at) > STALE_MS) {
        deps.logger.warn('evento de acesso antigo descartado', { memberId: payload.memberId, event: payload.event });
        return;
      }
      const target = await eventTarget(deps.sql, payload.userId, payload.memberId);
      if (!target || target.telegramId === null) return;
      if (payload.accessUntil !== undefined) {
        const current = target.accessUntil?.toISOString();
        if (current !== payload.accessUntil || !holdsAccess(target.status, target.accessUntil, new Date())) return;
      }
      const result = await deps.runtime.accessEvent({
        botId: target.botId, planId: target.planId, planName: target.planName, event: payload.event,
        telegramId: Number(target.telegramId), accessUntil: target.accessUntil,
        contact: {
          firstName: target.firstName ?? target.name?.split(' ')[0] ?? '', lastName: target.lastName, username: target.username, phoneNumber: target.phoneNumber,
        },
        cause: `access-event:${job.id}`,
      });
      if ('notRunning' in result) return 'release';
    },
  };
}

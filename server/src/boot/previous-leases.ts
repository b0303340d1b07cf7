/**
 * A restart takes over at once what the run it replaces held (docs/decisions.md#scale-out), instead of leaving every
 * bot silent and every sending broadcast paused until those leases run out (15–60 s).
 * Whose leases: on the embedded database every one (it belongs to one process: whoever held a lease before this
 * start is dead); on PostgreSQL those taken under this instance's INSTANCE_ID (config.instanceId), while other
 * instances' leases are honoured. What it does with them, each the way an expired lease is handled:
 * - bot polling leases go back with the dead run's instance row; the first round claims them, and the batches left
 *   without receipts are redone as by any new owner;
 * - broadcast recipients in its claims are failed "Resultado incerto" now, never sent again (at most once);
 * - running jobs' leases end now: claimed again, or swept dead on their last attempt.
 * Runs after the migrations, before the bots, the job worker and the broadcast engine start. Fencing is unchanged:
 * every lease also names the token of the process that took it, and a write under another token changes nothing.
 */
import type { Database } from '../db/client.ts';
import { endPreviousRunJobLeases } from '../jobs/previous-run-jobs.ts';
import type { Logger } from '../lib/logger.ts';
import { failPreviousRunClaims } from '../engines/broadcast-delivery/previous-run-claims.ts';
import { releasePreviousRunBots } from '../runtime/telegram/ownership/previous-run-bots.ts';

export async function takeOverPreviousLeases(db: Pick<Database, 'sql' | 'mode'>, instanceId: string, logger: Logger): Promise<void> {
  const whose = db.mode === 'embedded' ? null : instanceId;
  const bots = await releasePreviousRunBots(db.sql, whose);
  const recipients = await failPreviousRunClaims(db.sql, whose);
  const jobs = await endPreviousRunJobLeases(db.sql, whose);
  if (bots + recipients + jobs > 0) {
    logger.info('posse da execução anterior retomada sem esperar o prazo', { instanceId, bots, uncertainRecipients: recipients, jobs });
  }
}

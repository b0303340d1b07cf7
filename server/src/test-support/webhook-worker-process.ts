/**
 * A job worker running only webhook.deliver in a process of its own, for the kill -9 test and the bench:
 * `bun webhook-worker-process.ts <databaseUrl> <encryptionKeyHex> <instanceId>`. It first ends the leases of its
 * instance's previous run (what the server's boot does), then prints "ready" once it polls.
 */
import { connect } from '../db/client.ts';
import { endPreviousRunJobLeases } from '../jobs/previous-run-jobs.ts';
import { createJobWorker } from '../jobs/worker.ts';
import { createLogger } from '../lib/logger.ts';
import { webhookDeliverJob } from '../modules/webhooks/deliver-job.ts';
import { webhookDeliveryHandler } from '../modules/webhooks/delivery.ts';

const [url, keyHex, instanceId] = process.argv.slice(2);
if (!url || !keyHex || !instanceId) throw new Error('usage: webhook-worker-process.ts <databaseUrl> <keyHex> <instanceId>');
const sql = connect(url, 8);
const logger = createLogger('warn', (line) => process.stderr.write(`${line}\n`));
await endPreviousRunJobLeases(sql, instanceId);
const worker = createJobWorker({ sql, logger, pollMs: 20, concurrency: 8, instanceId });
worker.register(webhookDeliverJob, webhookDeliveryHandler({ sql, logger, encryptionKey: Buffer.from(keyHex, 'hex'), allowPrivate: true, backoff: { baseMs: 100, maxMs: 500 } }));
worker.start();
process.stdout.write('ready\n');
process.on('SIGTERM', () => void worker.stop().then(() => sql.end({ timeout: 2 })).then(() => process.exit(0)));

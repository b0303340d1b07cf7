/**
 * A job worker running only pixel.deliver in a process of its own, for the outbox's two-process and kill -9 tests
 * and its bench: `bun pixel-worker-process.ts <databaseUrl> <graphUrl> <encryptionKeyHex> <leaseMs> [batchSize]`.
 * Prints "ready" once it polls, then, for each batch Meta accepted, "sent <count>" (a test adds them up per process).
 */
import { connect } from '../db/client.ts';
import { createJobWorker } from '../jobs/worker.ts';
import { createLogger } from '../lib/logger.ts';
import { pixelDeliverJob } from '../engines/pixel-delivery/deliver-job.ts';
import { pixelDeliveryHandler } from '../engines/pixel-delivery/delivery.ts';

const [url, graphUrl, keyHex, leaseMs, batchSize] = process.argv.slice(2);
if (!url || !graphUrl || !keyHex || !leaseMs) throw new Error('usage: pixel-worker-process.ts <databaseUrl> <graphUrl> <keyHex> <leaseMs> [batchSize]');
const sql = connect(url, 4);
// The handler's debug line for an accepted batch carries its size: the count this process sent.
const logger = createLogger('debug', (line) => {
  const entry: unknown = JSON.parse(line);
  const events = Reflect.get(Object(entry), 'events');
  if (Reflect.get(Object(entry), 'msg') === 'eventos do pixel enviados') process.stdout.write(`sent ${String(events)}\n`);
  else if (Reflect.get(Object(entry), 'level') !== 'debug') process.stderr.write(`${line}\n`);
});
const worker = createJobWorker({ sql, logger, pollMs: 20, backoff: { baseMs: 100, maxMs: 1000 } });
worker.register(pixelDeliverJob, pixelDeliveryHandler({
  sql, logger, encryptionKey: Buffer.from(keyHex, 'hex'), graphUrl, graphVersion: 'v21.0', leaseMs: Number(leaseMs),
  ...(batchSize ? { batchSize: Number(batchSize) } : {}),
}));
worker.start();
process.stdout.write('ready\n');
process.on('SIGTERM', () => void worker.stop().then(() => sql.end({ timeout: 2 })).then(() => process.exit(0)));

/**
 * A job worker in a process of its own, for the crash test: `bun job-worker-process.ts <databaseUrl> <leaseMs>`.
 * It claims test.count jobs and never finishes them, printing "claimed <id>" so the test knows when to SIGKILL it.
 */
import { connect } from '../db/client.ts';
import { createJobWorker } from '../jobs/worker.ts';
import { countJob, quietLogger } from './jobs.ts';

const [url, leaseMs] = process.argv.slice(2);
if (!url) throw new Error('usage: job-worker-process.ts <databaseUrl> <leaseMs>');
const worker = createJobWorker({ sql: connect(url, 2), logger: quietLogger(), pollMs: 20 });
worker.register(countJob, {
  leaseMs: Number(leaseMs ?? 1000),
  run: (_payload, context) => {
    process.stdout.write(`claimed ${context.job.id}\n`);
    return new Promise(() => {});
  },
});
worker.start();

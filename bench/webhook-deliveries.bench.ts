/**
 * Outgoing webhooks (docs/decisions.md#outgoing-webhooks): BENCH_EVENTS (default 10 000) events recorded at
 * BENCH_RATE per second (default 2 500) by 8 concurrent writers, each transaction carrying every event due when its
 * writer is free, up to BENCH_GROUP (default 100: as the contact journal's flush records message.received and
 * contact.created; BENCH_GROUP=1: one event each, as a console change or a join), spread over BENCH_WORKSPACES
 * workspaces (default 10) with one subscription each, while the webhook.deliver job
 * delivers them to a local receiver (the server's webhook worker: its slots, or BENCH_SLOTS, and its poll). Prints deliveries
 * per second from the first event to the last delivery, and the time from each event's commit to its arrival at the
 * receiver (p50, p99). BENCH_BACKLOG=1: the events are all recorded first and the worker starts after, which measures
 * the delivery side alone (deliveries per second from the worker's start). PostgreSQL only (BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL; a fresh database is
 * created and dropped).
 */
import { z } from 'zod';
import { connect } from '../server/src/db/client.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { inTransaction } from '../server/src/db/transaction.ts';
import { createJobWorker } from '../server/src/jobs/worker.ts';
import { encryptSecret } from '../server/src/lib/crypto.ts';
import { WEBHOOK_WORKER, webhookDeliverJob } from '../server/src/modules/webhooks/deliver-job.ts';
import { webhookDeliveryHandler } from '../server/src/modules/webhooks/delivery.ts';
import { webhookEventWriter } from '../server/src/modules/webhooks/outbox.ts';
import { quietLogger } from '../server/src/test-support/jobs.ts';
import path from 'node:path';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const RATE = Number(process.env.BENCH_RATE ?? 2_500);
const WORKSPACES = Number(process.env.BENCH_WORKSPACES ?? 10);
const SLOTS = Number(process.env.BENCH_SLOTS ?? WEBHOOK_WORKER.concurrency);
const WRITERS = 8;
/** Events per transaction at most: many as the contact journal's flush carries them; 1 as a console change. */
const GROUP = Number(process.env.BENCH_GROUP ?? 100);
const BACKLOG = process.env.BENCH_BACKLOG === '1';
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://canalize_ci:canalize_ci@127.0.0.1:5432/postgres';
const key = crypto.getRandomValues(new Uint8Array(32));

type Arrival = { eventId: string; body: string; at: number };

/** The receiver in a process of its own (test-support/webhook-receiver-process.ts). */
async function receiverProcess() {
  const child = Bun.spawn(['bun', path.join(import.meta.dir, 'test-support/webhook-receiver-process.ts')], { stdout: 'pipe', stderr: 'inherit' });
  const reader = child.stdout.getReader();
  let text = '';
  while (!text.includes('\n')) text += new TextDecoder().decode((await reader.read()).value);
  const [base = '', control = ''] = text.trim().split(' ');
  return {
    url: (suffix: string) => `${base}${suffix}`,
    count: async () => Number(await (await fetch(`${control}/count`)).text()),
    arrivals: async (): Promise<Arrival[]> => z.array(z.object({ eventId: z.string(), body: z.string(), at: z.number() })).parse(await (await fetch(`${control}/arrivals`)).json()),
    stop: () => child.kill('SIGTERM'),
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? 0;

async function run(url: string) {
  const sql = connect(url, 16);
  await migrate(sql);
  const receiver = await receiverProcess();
  const workspaces: string[] = [];
  for (let index = 0; index < WORKSPACES; index += 1) {
    const [user] = await sql<{ id: string }[]>`insert into users (name, email, password_hash) values ('Bench', ${`${crypto.randomUUID()}@bench.local`}, 'x') returning id`;
    const userId = user?.id ?? '';
    workspaces.push(userId);
    await sql`insert into webhook_subscriptions (user_id, url, events, secret_encrypted)
      values (${userId}, ${receiver.url(`/ok-${index}`)}, ${['contact.created']}, ${encryptSecret('whsec_bench', key)})`;
  }
  const worker = createJobWorker({ sql, logger: quietLogger(), pollMs: WEBHOOK_WORKER.pollMs, concurrency: SLOTS });
  worker.register(webhookDeliverJob, webhookDeliveryHandler({ sql, logger: quietLogger(), encryptionKey: key, allowPrivate: true }));
  if (!BACKLOG) worker.start();
  const write = webhookEventWriter(quietLogger());
  const committedAt = new Map<string, number>();
  const started = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: WRITERS }, async () => {
    for (;;) {
      if (next >= EVENTS) return;
      const due = started + (next / RATE) * 1000;
      if (due > performance.now()) await Bun.sleep(due - performance.now());
      // Every event due by now that no other writer took, up to GROUP, in one transaction.
      const first = next;
      const dueNow = Math.floor(((performance.now() - started) / 1000) * RATE) + 1;
      next = Math.max(first + 1, Math.min(EVENTS, dueNow, first + GROUP));
      const events = Array.from({ length: next - first }, (_, offset) => {
        const id = crypto.randomUUID();
        const contact = { id, botId: id, telegramId: String(first + offset), firstName: 'Bench', lastName: null, username: null, phoneNumber: null };
        return { workspaceId: workspaces[(first + offset) % WORKSPACES] ?? '', type: 'contact.created' as const, data: { contact } };
      });
      await inTransaction(sql, (tx) => write(tx, events));
      const at = performance.timeOrigin + performance.now();
      for (const event of events) committedAt.set(event.data.contact.id, at);
    }
  }));
  const recorded = performance.now();
  if (BACKLOG) worker.start();
  while ((await receiver.count()) < EVENTS) await Bun.sleep(20);
  await worker.stop();
  const received = await receiver.arrivals();
  const finished = received.reduce((last, entry) => Math.max(last, entry.at), 0) - performance.timeOrigin;
  const latencies = received.map((entry) => {
    const id = String(Reflect.get(Reflect.get(Reflect.get(Object(JSON.parse(entry.body)), 'data'), 'contact'), 'id'));
    return entry.at - (committedAt.get(id) ?? entry.at);
  }).sort((a, b) => a - b);
  const ids = new Set(received.map((entry) => entry.eventId));
  const [log] = await sql<{ retried: number; failed: number }[]>`
    select count(*) filter (where attempts > 1)::int as retried, count(*) filter (where status <> 'delivered')::int as failed from webhook_deliveries`;
  const repeated = `${received.length - ids.size} duplicadas (${log?.retried ?? 0} entregas com mais de uma tentativa, ${log?.failed ?? 0} não entregues)`;
  const from = BACKLOG ? recorded : started;
  if (BACKLOG) {
    console.log(`webhook-deliveries (fila já gravada): ${WORKSPACES} assinaturas, ${SLOTS} vagas; ${(EVENTS / ((finished - from) / 1000)).toFixed(0)} entregas/s do início do worker à última entrega; ${repeated}`);
  } else console.log(
    `webhook-deliveries: PostgreSQL, ${WORKSPACES} assinaturas, 1 worker com ${SLOTS} vagas; ${EVENTS} eventos (até ${GROUP} por transação) gravados a ${(EVENTS / ((recorded - started) / 1000)).toFixed(0)}/s ` +
      `(alvo ${RATE}/s); ${(EVENTS / ((finished - started) / 1000)).toFixed(0)} entregas/s do 1º evento à última entrega; ` +
      `do commit do evento à chegada: p50 ${percentile(latencies, 0.5).toFixed(0)} ms, p99 ${percentile(latencies, 0.99).toFixed(0)} ms; ${repeated}`,
  );
  receiver.stop();
  await sql.end({ timeout: 5 });
}

const admin = connect(pgUrl, 1);
const reachable = await admin`select 1`.then(() => true, () => false);
if (reachable) {
  const name = `canalize_bench_webhooks_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await admin.unsafe(`create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  try {
    await run(url.toString());
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end({ timeout: 5 });
  }
} else {
  console.log('webhook-deliveries: PostgreSQL indisponível; defina BENCH_DATABASE_URL');
  await admin.end({ timeout: 5 });
}

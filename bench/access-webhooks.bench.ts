/**
 * Purchase webhook ingestion on PostgreSQL (docs/product.md#acessos): signed generic `purchase.approved` deliveries,
 * each a new purchase, posted to a plan's public URL by CONCURRENCY workers for SECONDS; every answer is the 200
 * given after the access, its history line and the raw webhook committed. Prints purchases/s, p50 and p99
 * (target ≥ 1 000/s, p99 < 50 ms), then checks that every 200 left exactly one access and one log row.
 * `BENCH_DATABASE_URL` names the PostgreSQL server (a throw-away database is created there and dropped).
 */
import { sign, SIGNATURE_HEADER } from '../server/src/lib/signature.ts';
import { api } from './test-support/sync-server.ts';
import { openThrowawayBench, requirePostgres } from './test-support/throwaway-postgres.ts';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

await requirePostgres('access-webhooks');
const bench = await openThrowawayBench('access-webhooks', { portBase: 5600 });

try {
  const { token, botId, userId } = await bench.accountWithBot('Bench');
  // The plan's chat, as the runtime records it once the bot is promoted (invite and ban rights).
  const [channel] = await bench.sql<{ id: string }[]>`
    insert into channels (bot_id, user_id, chat_id, title, type, bot_rights)
    values (${botId}, ${userId}, -100123456789, 'Grupo VIP', 'supergroup', '{"canInviteUsers": true, "canRestrictMembers": true}'::jsonb)
    returning id`;
  const { plan } = await api<{ plan: { id: string; webhooks: { generic: string }; webhookSecret: string } }>(
    bench.server.url, token, 'POST', '/access/plans', { name: 'VIP Bench', botId, channelIds: [channel?.id], durationDays: 30 });
  const url = `${bench.server.url}/api/access/webhooks/${plan.id}/generic`;

  let sequence = 0;
  const latencies: number[] = [];
  let failures = 0;
  const deliver = async () => {
    sequence += 1;
    const body = JSON.stringify({ event: 'purchase.approved', transactionId: `pix-${sequence}`, buyer: { email: `comprador${sequence}@exemplo.com`, name: 'Comprador' }, amount: 49.9 });
    const started = performance.now();
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(plan.webhookSecret, body, new Date()) }, body });
    await response.arrayBuffer();
    if (response.status !== 200) failures += 1;
    return performance.now() - started;
  };
  const run = async (durationMs: number, record: boolean) => {
    const deadline = performance.now() + durationMs;
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const elapsed = await deliver();
        if (record) latencies.push(elapsed);
      }
    }));
  };
  // Warm-up: connections, JIT, prepared statements.
  await run(1000, false);
  const started = performance.now();
  await run(SECONDS * 1000, true);
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  console.log(`POST /api/access/webhooks/:plan/generic, ${CONCURRENCY} simultâneas por ${SECONDS} s: ${(latencies.length / elapsed).toFixed(0)} compras/s, p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, falhas ${failures}`);

  const [counts] = await bench.sql<{ members: number; hooks: number }[]>`
    select (select count(*)::int from access_members where plan_id = ${plan.id}) as members,
           (select count(*)::int from access_webhook_events where plan_id = ${plan.id} and status = 'PROCESSED') as hooks`;
  console.log(`acessos: ${counts?.members}, webhooks processados: ${counts?.hooks}, entregas: ${sequence}`);
  if (failures > 0 || counts?.members !== sequence - failures || counts.hooks !== counts.members) process.exitCode = 1;
} finally {
  await bench.close();
}

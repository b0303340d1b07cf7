/**
 * Closed-loop load of tracking page views, run as its own process so it does not share the server's event loop:
 * `bun bench/test-support/pageview-load.ts <pageview url> <concurrency> <seconds>` prints
 * {requests, acknowledged, failures, statuses, rps, p50Ms, p99Ms}. Every request is a new visit from its own
 * address (X-Forwarded-For; the server runs with TRUST_PROXY=1), as thousands of visitors would be.
 */
const [url, concurrencyArg, secondsArg] = process.argv.slice(2);
if (!url) throw new Error('usage: pageview-load.ts <url> <concurrency> <seconds>');
const concurrency = Number(concurrencyArg ?? 64);
const durationMs = Number(secondsArg ?? 10) * 1000;
const latencies: number[] = [];
const statuses: Record<string, number> = {};
let acknowledged = 0;
let sequence = 0;

function body() {
  const n = ++sequence;
  return JSON.stringify({
    visitId: crypto.randomUUID(),
    url: `https://loja.exemplo.com/oferta?utm_source=facebook&utm_campaign=bench&fbclid=IwAR${n}`,
    referrer: 'https://l.facebook.com/',
    fbp: `fb.1.1700000000000.${n}`,
  });
}

async function worker(deadline: number, record: boolean) {
  while (performance.now() < deadline) {
    const n = sequence;
    const started = performance.now();
    const response = await fetch(url!, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`, 'user-agent': 'Mozilla/5.0 (Bench)' },
      body: body(),
    });
    await response.arrayBuffer();
    if (!record) continue;
    latencies.push(performance.now() - started);
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    if (response.status === 204) acknowledged += 1;
  }
}

// Warm-up: connections, JIT, prepared statements.
await Promise.all(Array.from({ length: concurrency }, () => worker(performance.now() + 1000, false)));
const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, () => worker(started + durationMs, true)));
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
const failures = latencies.length - acknowledged;
console.log(JSON.stringify({ requests: latencies.length, acknowledged, failures, statuses, rps: acknowledged / elapsed, p50Ms: at(0.5), p99Ms: at(0.99) }));

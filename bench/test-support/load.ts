/**
 * A closed-loop HTTP load generator run as its own process (so it does not share the server's event loop):
 * `bun bench/test-support/load.ts <url> <bearer> <concurrency> <seconds>` prints {requests, rps, p50Ms, p99Ms}.
 */
const [url, token, concurrencyArg, secondsArg] = process.argv.slice(2);
if (!url || !token) throw new Error('usage: load.ts <url> <bearer> <concurrency> <seconds>');
const concurrency = Number(concurrencyArg ?? 32);
const durationMs = Number(secondsArg ?? 5) * 1000;
const headers = { authorization: `Bearer ${token}` };
const latencies: number[] = [];
let failures = 0;

async function worker(deadline: number) {
  while (performance.now() < deadline) {
    const started = performance.now();
    const response = await fetch(url!, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) failures += 1;
    latencies.push(performance.now() - started);
  }
}

// Warm-up: connections, JIT, prepared statements.
await Promise.all(Array.from({ length: concurrency }, () => worker(performance.now() + 500)));
latencies.length = 0;
const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, () => worker(started + durationMs)));
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
console.log(JSON.stringify({ requests: latencies.length, failures, rps: latencies.length / elapsed, p50Ms: at(0.5), p99Ms: at(0.99) }));

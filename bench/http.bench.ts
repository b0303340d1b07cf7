/**
 * Framework overhead: authenticated GET /api/auth/me through the whole Elysia app against a bare Bun.serve
 * handler doing the same work (the same JWT check with its one account lookup, as the auth guard does), on one
 * embedded database, measured alternately on loopback. Ratio = Elysia rps / bare rps (target ≥ 0.8).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/src/env.ts';
import { createLogger } from '../server/src/lib/logger.ts';
import { startServer } from '../server/src/server.ts';
import { createAccessTokens } from '../server/src/modules/auth/access-token.ts';
import { findAccount } from '../server/src/modules/auth/service.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'canalize-bench-http-'));
const config = loadConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'error', SKIP_CLIENT_BUILD: '1', REGISTRATIONS_PER_ADDRESS: '1000000' });
const server = await startServer(config, createLogger('error'), { clientDistDir: path.join(dataDir, 'none') });

const registered = await fetch(`${server.url}/api/auth/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ name: 'Bench', email: 'bench@exemplo.com', password: 'segredo123' }),
});
const { data } = (await registered.json()) as { data: { tokens: { accessToken: string } } };
const token = data.tokens.accessToken;

const accessTokens = createAccessTokens(config.jwtSecret, (userId, sessionId) => findAccount(server.db.sql, userId, sessionId));
const bare = Bun.serve({
  port: 0,
  async fetch(request) {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '');
    const check = match?.[1] ? await accessTokens.verify(match[1]) : { status: 'invalid' as const };
    if (check.status !== 'valid') return Response.json({ success: false }, { status: 401 });
    return Response.json({ success: true, data: { user: check.user } });
  },
});

type Result = { rps: number; p50Ms: number; p99Ms: number; failures: number };
async function load(url: string): Promise<Result> {
  const child = Bun.spawn(['bun', 'bench/test-support/load.ts', url, token, '32', '4'], { stdout: 'pipe', stderr: 'inherit' });
  const out = await new Response(child.stdout).text();
  await child.exited;
  return JSON.parse(out) as Result;
}

const rounds = 3;
const elysia: Result[] = [];
const plain: Result[] = [];
for (let round = 0; round < rounds; round++) {
  elysia.push(await load(`${server.url}/api/auth/me`));
  plain.push(await load(`http://localhost:${bare.port}/me`));
}
const best = (results: Result[]) => results.reduce((a, b) => (b.rps > a.rps ? b : a));
const e = best(elysia);
const b = best(plain);
const fmt = (r: Result) => `${r.rps.toFixed(0)} req/s (p50 ${r.p50Ms.toFixed(2)} ms, p99 ${r.p99Ms.toFixed(2)} ms, falhas ${r.failures})`;
console.log(`http: Elysia GET /api/auth/me: ${fmt(e)}`);
console.log(`http: Bun.serve puro, mesmo trabalho: ${fmt(b)}`);
console.log(`http: razão Elysia/puro = ${(e.rps / b.rps).toFixed(2)} (meta ≥ 0.8; melhor de ${rounds} rodadas, 32 conexões, banco embutido)`);

bare.stop(true);
await server.stop();
rmSync(dataDir, { recursive: true, force: true });

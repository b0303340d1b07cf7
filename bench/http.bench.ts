/**
 * Framework overhead: authenticated GET /api/auth/me through the whole Elysia app against a bare Bun.serve
 * handler doing the same work (the same JWT check with its one account, session and membership lookup, as the auth
 * guard does, then the member's workspaces, as /auth/me answers them), on one embedded database, measured
 * alternately on loopback. Ratio = Elysia rps / bare rps (target ≥ 0.8).
 *
 * The `api-key` variant: GET /api/quick-replies (a route both reach) with an API key against the same request with
 * the session token, alternately. Ratio = key rps / session rps (target ≥ 0.95: a key's hash and lookup cost no more
 * than a JWT check and its lookup). The key's throttle is lifted for the run, as its figure is the authentication.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/src/env.ts';
import { createLogger } from '../server/src/lib/logger.ts';
import { startServer } from '../server/src/server.ts';
import { createAccessTokens } from '../server/src/modules/auth/access-token.ts';
import { findAccount } from '../server/src/modules/auth/service.ts';
import { findWorkspaces } from '../server/src/modules/team/repository.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'canalize-bench-http-'));
const config = loadConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'error', SKIP_CLIENT_BUILD: '1', REGISTRATIONS_PER_ADDRESS: '1000000', API_KEY_REQUESTS_PER_MINUTE: '1000000' });
const server = await startServer(config, createLogger('error'), { clientDistDir: path.join(dataDir, 'none') });

const registered = await fetch(`${server.url}/api/auth/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ name: 'Bench', email: 'bench@exemplo.com', password: 'segredo123' }),
});
const { data } = (await registered.json()) as { data: { tokens: { accessToken: string } } };
const token = data.tokens.accessToken;

const accessTokens = createAccessTokens(config.jwtSecret, (userId, sessionId, workspaceId) => findAccount(server.db.sql, userId, sessionId, workspaceId));
const bare = Bun.serve({
  port: 0,
  async fetch(request) {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '');
    const check = match?.[1] ? await accessTokens.verify(match[1]) : { status: 'invalid' as const };
    if (check.status !== 'valid') return Response.json({ success: false }, { status: 401 });
    const workspaces = await findWorkspaces(server.db.sql, check.user.id);
    return Response.json({ success: true, data: { user: check.user, workspaces } });
  },
});

type Result = { rps: number; p50Ms: number; p99Ms: number; failures: number };
async function load(url: string, bearer = token): Promise<Result> {
  const child = Bun.spawn(['bun', 'bench/test-support/load.ts', url, bearer, '32', '4'], { stdout: 'pipe', stderr: 'inherit' });
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

const created = await fetch(`${server.url}/api/api-keys`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  body: JSON.stringify({ name: 'Bench', scopes: ['messages:read'] }),
});
const { data: keyData } = (await created.json()) as { data: { key: string } };
const byKey: Result[] = [];
const bySession: Result[] = [];
for (let round = 0; round < rounds; round++) {
  bySession.push(await load(`${server.url}/api/quick-replies`));
  byKey.push(await load(`${server.url}/api/quick-replies`, keyData.key));
}
const k = best(byKey);
const t = best(bySession);
console.log(`http api-key: GET /api/quick-replies com chave de API: ${fmt(k)}`);
console.log(`http api-key: GET /api/quick-replies com token de sessão: ${fmt(t)}`);
console.log(`http api-key: razão chave/sessão = ${(k.rps / t.rps).toFixed(2)} (meta ≥ 0.95; melhor de ${rounds} rodadas, 32 conexões, banco embutido)`);

bare.stop(true);
await server.stop();
rmSync(dataDir, { recursive: true, force: true });

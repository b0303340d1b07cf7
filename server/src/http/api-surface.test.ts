import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createMediaStore } from '../modules/media/media-store.ts';
import { createApp } from '../app.ts';
import { connect } from '../db/client.ts';
import { createLogger } from '../lib/logger.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../test-support/start-test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => server.stop());

describe('API surface over HTTP', () => {
  test('health is liveness only; ready answers with the database up and the migrations applied', async () => {
    const response = await server.api('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: { status: 'ok' } });
    expect(response.headers.get('x-request-id')).toBeTruthy();
    const ready = await server.api('/api/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ success: true, data: { status: 'ready', database: 'up', migrations: 'done' } });
  });

  test('ready answers 503 when the database does not answer; health stays 200', async () => {
    const deadSql = connect('postgres://nobody@127.0.0.1:1/none', 1);
    const app = createApp({
      config: server.config,
      db: { sql: deadSql, mode: 'postgres', close: () => deadSql.end() },
      logger: createLogger('error', () => {}),
      media: createMediaStore(deadSql, server.config.dataDir),
    });
    const response = await app.handle(new Request('http://local/api/ready'));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      success: false,
      code: 'DATABASE_UNAVAILABLE',
      message: 'Banco de dados indisponível',
    });
    expect((await app.handle(new Request('http://local/api/health'))).status).toBe(200);
    await deadSql.end({ timeout: 0 });
  });

  test('ready answers 503 while migrations are pending or the server is stopping', async () => {
    const readiness = { stopping: false };
    const app = createApp({ config: server.config, db: server.db, logger: createLogger('error', () => {}), media: createMediaStore(server.db.sql, server.config.dataDir), readiness });
    const latest = await server.db.sql<{ version: number }[]>`select max(version) as version from schema_migrations`;
    const version = latest[0]?.version ?? 0;
    const row = await server.db.sql`delete from schema_migrations where version = ${version} returning *`;
    try {
      const pending = await app.handle(new Request('http://local/api/ready'));
      expect(pending.status).toBe(503);
      expect(await pending.json()).toMatchObject({ success: false, code: 'MIGRATIONS_PENDING' });
    } finally {
      await server.db.sql`insert into schema_migrations ${server.db.sql(row[0] ?? {})}`;
    }
    expect((await app.handle(new Request('http://local/api/ready'))).status).toBe(200);
    readiness.stopping = true;
    const stopping = await app.handle(new Request('http://local/api/ready'));
    expect(stopping.status).toBe(503);
    expect(await stopping.json()).toEqual({ success: false, code: 'SERVER_STOPPING', message: 'O servidor está sendo encerrado. Tente de novo em instantes.' });
  });

  test('malformed JSON is a 400 with the pt-BR message', async () => {
    const response = await server.api('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": "a@b.com",',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      code: 'MALFORMED_JSON',
      message: 'Corpo da requisição inválido (JSON malformado)',
    });
  });

  test.each([
    ['GET', '/api/nao-existe'],
    ['GET', '/api'],
    ['POST', '/api/bots/x/y/z'],
    ['DELETE', '/api/auth/me'],
  ])('unknown %s %s is a JSON 404', async (method, path) => {
    const response = await server.api(path, { method });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ success: false, code: 'ROUTE_NOT_FOUND', message: 'Rota não encontrada' });
  });

  test('without a client build, pages answer a pt-BR notice and the API keeps working', async () => {
    const response = await server.api('/dashboard');
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('O cliente web ainda não foi gerado');
    expect((await server.api('/api/health')).status).toBe(200);
  });
});

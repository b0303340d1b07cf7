import { describe, expect, test } from 'bun:test';
import { Elysia } from 'elysia';
import { createLogger } from '../lib/logger.ts';
import { AppError } from '../lib/errors.ts';
import { errorHandler } from './error-handler.ts';

function appWithLogs() {
  const logs: string[] = [];
  const app = new Elysia()
    .use(errorHandler(createLogger('debug', (line) => logs.push(line))))
    .get('/boom', () => {
      throw new Error('segredo interno: tabela xyz');
    })
    .get('/conflict', () => {
      throw new AppError('BOT_ALREADY_REGISTERED', 409);
    })
    .post('/echo', ({ body }) => ({ body }));
  return { app, logs };
}

describe('error handler', () => {
  test('turns an unexpected error into a generic 500 and logs it with the request id', async () => {
    const { app, logs } = appWithLogs();
    const response = await app.handle(new Request('http://local/boom'));
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body).toEqual({
      success: false,
      code: 'INTERNAL_ERROR',
      message: 'Erro interno do servidor. Tente novamente mais tarde.',
    });
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toBeTruthy();
    const entry = JSON.parse(logs.find((line) => line.includes('unhandled error')) ?? '{}');
    expect(entry.requestId).toBe(requestId);
    expect(entry.error.message).toContain('segredo interno');
    expect(JSON.stringify(body)).not.toContain('segredo interno');
  });

  test('keeps a sane request id sent by a proxy', async () => {
    const { app } = appWithLogs();
    const response = await app.handle(new Request('http://local/boom', { headers: { 'x-request-id': 'abc-123' } }));
    expect(response.headers.get('x-request-id')).toBe('abc-123');
  });

  test('maps an AppError to its status, code and pt-BR message', async () => {
    const { app } = appWithLogs();
    const response = await app.handle(new Request('http://local/conflict'));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ success: false, code: 'BOT_ALREADY_REGISTERED', message: 'Este bot já está cadastrado' });
  });

  test('answers malformed JSON with 400, never 500', async () => {
    const { app } = appWithLogs();
    const response = await app.handle(
      new Request('http://local/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":' }),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe('MALFORMED_JSON');
  });
});

import { describe, expect, test } from 'bun:test';
import { createLogger, redact } from './logger.ts';

const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw0';

describe('redact', () => {
  test('removes a bare bot token', () => {
    expect(redact(`token=${TOKEN} end`)).toBe('token=[REDACTED] end');
  });

  test('removes the token from a Bot API URL', () => {
    const text = `Call to 'getMe' failed! https://api.telegram.org/bot${TOKEN}/getMe`;
    expect(redact(text)).not.toContain(TOKEN);
    expect(redact(text)).toContain('/bot[REDACTED]/getMe');
  });

  test('keeps ordinary numbers and times', () => {
    expect(redact('at 12:30 user 42')).toBe('at 12:30 user 42');
  });
});

describe('createLogger', () => {
  const capture = (level: 'debug' | 'info' | 'warn' | 'error') => {
    const lines: string[] = [];
    return { lines, logger: createLogger(level, (line) => lines.push(line)) };
  };

  test('writes JSON lines with level, message and fields', () => {
    const { lines, logger } = capture('info');
    logger.info('olá', { requestId: 'r1' });
    const entry = JSON.parse(lines[0] ?? '{}');
    expect(entry).toMatchObject({ level: 'info', msg: 'olá', requestId: 'r1' });
    expect(typeof entry.time).toBe('string');
  });

  test('drops entries below the configured level', () => {
    const { lines, logger } = capture('warn');
    logger.debug('a');
    logger.info('b');
    logger.warn('c');
    logger.error('d');
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual(['c', 'd']);
  });

  test('redacts tokens inside fields and serialised errors', () => {
    const { lines, logger } = capture('debug');
    logger.error('falhou', { error: new Error(`GET /bot${TOKEN}/getUpdates 401`), token: TOKEN });
    expect(lines[0]).not.toContain(TOKEN);
    expect(JSON.parse(lines[0] ?? '{}').error.message).toContain('/bot[REDACTED]/getUpdates');
  });

  test('child loggers carry their base fields', () => {
    const { lines, logger } = capture('info');
    logger.child({ botId: 'b1' }).info('x');
    expect(JSON.parse(lines[0] ?? '{}').botId).toBe('b1');
  });
});

/**
 * JSON-lines logger. Every string that reaches the log passes through redact(): grammY and fetch errors carry
 * the bot token in the URL (`/bot<token>/getMe`), and a token in a log is a leaked bot (docs/decisions.md#d-bots-channels).
 */
import type { LogLevel } from '../env.ts';

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const BOT_PATH = /\/bot\d+:[A-Za-z0-9_-]+/g;
const BOT_TOKEN = /\b\d+:[A-Za-z0-9_-]{30,}/g;

export function redact(text: string): string {
  return text.replace(BOT_PATH, '/bot[REDACTED]').replace(BOT_TOKEN, '[REDACTED]');
}

export type LogFields = Record<string, unknown>;

export type Logger = {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
};

export type LogSink = (line: string, level: LogLevel) => void;

const defaultSink: LogSink = (line, level) => {
  if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
};

export function createLogger(level: LogLevel, sink: LogSink = defaultSink, base: LogFields = {}): Logger {
  const write = (at: LogLevel, message: string, fields?: LogFields) => {
    if (ORDER[at] < ORDER[level]) return;
    const entry = { time: new Date().toISOString(), level: at, msg: message, ...base, ...fields };
    sink(redact(JSON.stringify(entry, errorReplacer)), at);
  };
  return {
    debug: (message, fields) => write('debug', message, fields),
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
    child: (fields) => createLogger(level, sink, { ...base, ...fields }),
  };
}

/** Errors serialise to `{}` by default; keep their name, message and stack (redacted with the rest). */
function errorReplacer(_key: string, value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  if (typeof value === 'bigint') return value.toString();
  return value;
}

import { describe, expect, test } from 'bun:test';
import { HttpError, type ApiCallFn } from 'grammy';
import { resilienceTransformer } from './api-resilience.ts';

type Outcome = { ok: true; result: unknown } | { ok: false; error_code: number; description: string; parameters?: { retry_after?: number } } | Error;

/** A fake next layer answering from a script, counting calls. */
function scripted(outcomes: Outcome[]) {
  let calls = 0;
  const prev: ApiCallFn = async () => {
    const next = outcomes[Math.min(calls++, outcomes.length - 1)];
    if (next instanceof Error) throw next;
    return next as never;
  };
  return { prev, calls: () => calls };
}

const noop = { onUnauthorized: () => {}, baseDelayMs: 5, maxDelayMs: 20 };

describe('resilience transformer', () => {
  test('retries network failures with backoff, then succeeds', async () => {
    const network = new HttpError("Network request for 'sendMessage' failed!", new Error('ECONNRESET'));
    const script = scripted([network, network, { ok: true, result: 42 }]);
    const result = await resilienceTransformer(noop)(script.prev, 'sendMessage', { chat_id: 1, text: 'x' });
    expect<unknown>(result).toEqual({ ok: true, result: 42 });
    expect(script.calls()).toBe(3);
  });

  test('gives up on a send after a few attempts, so a broken link cannot loop', async () => {
    const network = new HttpError("Network request for 'sendMessage' failed!", new Error('down'));
    const script = scripted([network]);
    await expect(resilienceTransformer({ ...noop, maxAttempts: 3 })(script.prev, 'sendMessage', { chat_id: 1, text: 'x' })).rejects.toBeInstanceOf(HttpError);
    expect(script.calls()).toBe(3);
  });

  test('waits retry_after on a 429 before trying again', async () => {
    const script = scripted([{ ok: false, error_code: 429, description: 'Too Many Requests', parameters: { retry_after: 0.05 } }, { ok: true, result: true }]);
    const started = performance.now();
    await resilienceTransformer(noop)(script.prev, 'sendMessage', { chat_id: 1, text: 'x' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    expect(script.calls()).toBe(2);
  });

  test('reports a 401 once and passes it on without retrying', async () => {
    let reported = 0;
    const script = scripted([{ ok: false, error_code: 401, description: 'Unauthorized' }]);
    const result = await resilienceTransformer({ ...noop, onUnauthorized: () => reported++ })(script.prev, 'getUpdates', {});
    expect(result).toMatchObject({ ok: false, error_code: 401 });
    expect([reported, script.calls()]).toEqual([1, 1]);
  });

  test('passes other client errors on untouched', async () => {
    const script = scripted([{ ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' }]);
    const result = await resilienceTransformer(noop)(script.prev, 'sendMessage', { chat_id: 1, text: 'x' });
    expect(result).toMatchObject({ ok: false, error_code: 403 });
    expect(script.calls()).toBe(1);
  });

  test('a stopping bot ends a pending wait at once', async () => {
    const stop = new AbortController();
    const script = scripted([{ ok: false, error_code: 429, description: 'Too Many Requests', parameters: { retry_after: 60 } }]);
    const pending = resilienceTransformer({ ...noop, stopSignal: stop.signal })(script.prev, 'sendMessage', { chat_id: 1, text: 'x' });
    stop.abort();
    await expect(pending).rejects.toThrow('aborted');
  });
});

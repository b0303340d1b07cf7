import { describe, expect, test } from 'bun:test';
import { createConcurrencyLimit } from './concurrency-limit.ts';

describe('concurrency limit', () => {
  test('a burst runs at most `limit` at once, in arrival order, and every task gets its answer', async () => {
    const limit = createConcurrencyLimit(2);
    const started: number[] = [];
    const gates = Array.from({ length: 6 }, () => Promise.withResolvers<void>());
    const results = gates.map((gate, index) =>
      limit.run(async () => {
        started.push(index);
        await gate.promise;
        return index * 10;
      }),
    );
    await Bun.sleep(0);
    expect(started).toEqual([0, 1]);
    expect(limit.active).toBe(2);
    expect(limit.waiting).toBe(4);
    gates[1]?.resolve();
    await Bun.sleep(0);
    expect(started).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(results)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(limit.peak).toBe(2);
    expect(limit.active).toBe(0);
  });

  test('a failing task frees its turn', async () => {
    const limit = createConcurrencyLimit(1);
    const failed = limit.run(() => Promise.reject(new Error('falhou')));
    const next = limit.run(() => Promise.resolve('ok'));
    await expect(failed).rejects.toThrow('falhou');
    expect(await next).toBe('ok');
    expect(limit.active).toBe(0);
  });
});

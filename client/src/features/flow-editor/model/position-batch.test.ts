import { describe, expect, test } from 'bun:test';
import { createPositionBatch } from './position-batch.ts';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function batchWith(stored: boolean[] = []) {
  const writes: string[][] = [];
  const waiting: boolean[] = [];
  const batch = createPositionBatch({
    delayMs: 20,
    onWaiting: (value) => waiting.push(value),
    write: async (ids) => {
      writes.push([...ids].sort());
      return stored.shift() ?? true;
    },
  });
  return { batch, writes, waiting };
}

describe('moved positions are written by themselves', () => {
  test('a burst of moves becomes one write of every node it moved, after the delay', async () => {
    const { batch, writes, waiting } = batchWith();
    batch.schedule(['a']);
    batch.schedule(['b', 'a']);
    expect(writes).toEqual([]);
    expect(batch.waiting()).toBe(true);
    await tick(60);
    expect(writes).toEqual([['a', 'b']]);
    expect(batch.waiting()).toBe(false);
    expect(waiting.at(-1)).toBe(false);
  });

  test('flush writes at once what waits, and nothing when nothing waits', async () => {
    const { batch, writes } = batchWith();
    expect(await batch.flush()).toBe(true);
    expect(writes).toEqual([]);
    batch.schedule(['a']);
    expect(await batch.flush()).toBe(true);
    expect(writes).toEqual([['a']]);
    await tick(60);
    expect(writes).toEqual([['a']]);
  });

  test('a write the device could not store keeps its nodes for the next one', async () => {
    const { batch, writes } = batchWith([false]);
    batch.schedule(['a']);
    expect(await batch.flush()).toBe(false);
    expect(batch.waiting()).toBe(true);
    batch.schedule(['b']);
    expect(await batch.flush()).toBe(true);
    expect(writes).toEqual([['a'], ['a', 'b']]);
  });
});

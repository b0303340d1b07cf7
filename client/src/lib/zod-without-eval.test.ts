import { expect, test } from 'bun:test';
import './zod-without-eval.ts';
import { z } from 'zod';

test('zod adopts the jitless switch set before it loads, and its object parsers then never call new Function', () => {
  expect(z.config().jitless).toBe(true);
  const original = globalThis.Function;
  let compiled = 0;
  globalThis.Function = new Proxy(original, {
    construct(target, args: string[]) {
      compiled++;
      return new target(...args) as object;
    },
  });
  try {
    const schema = z.object({ id: z.string(), n: z.number() });
    for (let i = 0; i < 3; i++) expect(schema.parse({ id: 'a', n: i })).toEqual({ id: 'a', n: i });
  } finally {
    globalThis.Function = original;
  }
  expect(compiled).toBe(0);
});

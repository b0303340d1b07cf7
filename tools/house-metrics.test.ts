import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { functionSizes, lineCount, productFiles } from './house-metrics.ts';

/** The size limits of docs/style.md#small-pieces on product code (server/src, client/src, shared). */
const MAX_FILE_LINES = 300;
const MAX_FUNCTION_LINES = 120;
const LONG_FUNCTION_LINES = 60;
const MAX_LONG_FUNCTIONS = 25;

describe('the measurement', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'house-metrics-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('counts a planted long function, nested ones on their own, and the lines of a file', () => {
    const body = Array.from({ length: 130 }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const file = path.join(dir, 'planted.ts');
    writeFileSync(file, `export function planted() {\n${body}\n  const inner = () => {\n    return 1;\n  };\n  return inner;\n}\n`);
    const sizes = functionSizes(file);
    expect(sizes.find((size) => size.name === 'planted')).toMatchObject({ line: 1, lines: 134 });
    expect(sizes.find((size) => size.name === 'inner')).toMatchObject({ lines: 1 });
    expect(lineCount(file)).toBe(136);
  });
});

describe('product code within the house limits', () => {
  const files = productFiles();
  const functions = files.flatMap((file) => functionSizes(file));
  const describeAll = (list: { file: string; line?: number; name?: string; lines: number }[]) =>
    list.map((f) => `${f.lines}  ${f.file}${f.line ? `:${f.line} ${f.name}` : ''}`);

  test(`no file over ${MAX_FILE_LINES} lines`, () => {
    const long = files.map((file) => ({ file, lines: lineCount(file) })).filter((f) => f.lines > MAX_FILE_LINES);
    expect(describeAll(long)).toEqual([]);
  });

  test(`no function body over ${MAX_FUNCTION_LINES} lines`, () => {
    expect(describeAll(functions.filter((f) => f.lines > MAX_FUNCTION_LINES))).toEqual([]);
  });

  test(`at most ${MAX_LONG_FUNCTIONS} function bodies over ${LONG_FUNCTION_LINES} lines`, () => {
    const long = functions.filter((f) => f.lines > LONG_FUNCTION_LINES);
    expect(long.length, describeAll(long).join('\n')).toBeLessThanOrEqual(MAX_LONG_FUNCTIONS);
  });
});

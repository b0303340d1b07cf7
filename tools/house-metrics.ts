/**
 * `bun tools/house-metrics.ts`: the size rules of docs/style.md measured on product code (server/src, client/src,
 * shared; not tests, test support or generated files): files over 300 lines, function bodies over 60 and 120 lines.
 * tools/house-metrics.test.ts holds the tree to the limits.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dir, '..');
const PRODUCT_ROOTS = ['server/src', 'client/src', 'shared'];
const NOT_PRODUCT = /(\.test\.tsx?$|\.e2e\.ts$|\/test-support\/|routeTree\.gen\.ts$|\.d\.ts$)/;

export type FunctionSize = { file: string; line: number; name: string; lines: number };

export function productFiles(): string[] {
  return PRODUCT_ROOTS.flatMap((root) =>
    readdirSync(path.join(ROOT, root), { recursive: true, encoding: 'utf8' })
      .map((entry) => `${root}/${entry}`)
      .filter((file) => /\.tsx?$/.test(file) && !NOT_PRODUCT.test(file)),
  ).sort();
}

function nameOf(node: ts.Node, source: ts.SourceFile): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name) return named.name.getText(source);
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText(source);
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText(source);
  if (parent && ts.isCallExpression(parent)) return `${parent.expression.getText(source).slice(0, 40)}(…)`;
  return '(anonymous)';
}

/** Every function body of a source text, its size in lines between the braces. */
export function functionSizesOf(file: string, text: string): FunctionSize[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const sizes: FunctionSize[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body && ts.isBlock(node.body as ts.Node)) {
      const body = node.body as ts.Block;
      const first = source.getLineAndCharacterOfPosition(body.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(body.getEnd()).line;
      sizes.push({ file, line: first + 1, name: nameOf(node, source), lines: last - first - 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return sizes;
}

/** `file` relative to the repository root, or absolute. */
export const functionSizes = (file: string): FunctionSize[] => functionSizesOf(file, readFileSync(path.resolve(ROOT, file), 'utf8'));

export const lineCount = (file: string) => readFileSync(path.resolve(ROOT, file), 'utf8').split('\n').filter((_, i, all) => i < all.length - 1 || all[i] !== '').length;

if (import.meta.main) {
  const files = productFiles();
  const functions = files.flatMap(functionSizes).sort((a, b) => b.lines - a.lines);
  const longFiles = files.map((file) => ({ file, lines: lineCount(file) })).filter((f) => f.lines > 300);
  const over = (limit: number) => functions.filter((f) => f.lines > limit);
  console.log(`files over 300 lines: ${longFiles.length}`);
  for (const f of longFiles) console.log(`  ${f.lines}  ${f.file}`);
  console.log(`functions over 120 lines: ${over(120).length}; over 60: ${over(60).length}`);
  for (const f of over(60)) console.log(`  ${f.lines}  ${f.file}:${f.line} ${f.name}`);
}

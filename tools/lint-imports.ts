/**
 * Import-direction lint (docs/style.md#dependencies).
 * shared/ is isomorphic and imports nothing of ours; the client never reaches into the server; the product never
 * imports project tools (the Telegram emulator is a test and demo tool, not runtime); client features never import
 * each other. Exits 1 listing every offending import.
 */
import { Glob } from 'bun';
import { readFileSync } from 'node:fs';
import path from 'node:path';

type Rule = { from: RegExp; forbidden: RegExp; why: string; unless?: RegExp };

/** Tests and their support code may drive project tools such as the Telegram emulator; the product may not. */
const TEST_CODE = /(\.test\.tsx?$|\/test-support\/)/;

const RULES: Rule[] = [
  { from: /^shared\//, forbidden: /^(client|server|tools|e2e|bench)\//, why: 'shared/ é isomórfico e não importa client/ nem server/' },
  { from: /^client\//, forbidden: /^server\//, why: 'client/ não importa server/' },
  { from: /^server\//, forbidden: /^client\//, why: 'server/ não importa client/' },
  { from: /^(server|client)\//, forbidden: /^tools\//, why: 'o produto não importa ferramentas do projeto', unless: TEST_CODE },
];

const FEATURE = /^client\/src\/features\/([^/]+)\//;
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;
const NODE_ONLY = /^(bun|node:|fs|path|os|child_process)$/;

export function findViolations(root: string, files: Iterable<string>, read: (file: string) => string): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const source = read(file);
    for (const match of source.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2] ?? match[3];
      if (!spec) continue;
      const line = source.slice(0, match.index).split('\n').length;
      const where = `${file}:${line}`;
      if (file.startsWith('shared/') && (NODE_ONLY.test(spec) || spec.startsWith('node:'))) {
        problems.push(`${where} importa '${spec}': shared/ não usa APIs de Bun, Node ou DOM`);
        continue;
      }
      if (!spec.startsWith('.')) continue;
      const target = path.relative(root, path.resolve(root, path.dirname(file), spec)).split(path.sep).join('/');
      for (const rule of RULES) {
        if (rule.unless?.test(file)) continue;
        if (rule.from.test(file) && rule.forbidden.test(target)) problems.push(`${where} importa '${spec}': ${rule.why}`);
      }
      const ownFeature = FEATURE.exec(file)?.[1];
      const targetFeature = FEATURE.exec(target)?.[1];
      if (ownFeature && targetFeature && ownFeature !== targetFeature) {
        problems.push(`${where} importa '${spec}': features não importam outras features (${ownFeature} → ${targetFeature})`);
      }
    }
  }
  return problems;
}

if (import.meta.main) {
  const root = path.resolve(import.meta.dir, '..');
  const files = ['shared', 'client/src', 'server/src'].flatMap((dir) => [
    ...new Glob(`${dir}/**/*.{ts,tsx}`).scanSync({ cwd: root }),
  ]);
  const problems = findViolations(root, files, (file) => readFileSync(path.join(root, file), 'utf8'));
  if (problems.length > 0) {
    console.error(`lint: ${problems.length} importação(ões) proibida(s):\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log(`lint: ${files.length} arquivos, nenhuma importação proibida`);
}

/**
 * `bun run bench`: runs every benchmark under bench/ (each a `*.bench.ts` script printing its own figures),
 * one after another so they do not compete for the two cores.
 */
import { Glob } from 'bun';

const only = process.argv.slice(2);
const files = [...new Glob('*.bench.ts').scanSync({ cwd: import.meta.dir })]
  .sort()
  .filter((file) => only.length === 0 || only.some((name) => file.startsWith(name)));

let failures = 0;
for (const file of files) {
  console.log(`\n━━ ${file} ━━`);
  const code = await Bun.spawn(['bun', `bench/${file}`], { stdout: 'inherit', stderr: 'inherit' }).exited;
  if (code !== 0) {
    failures += 1;
    console.log(`${file} falhou (código ${code})`);
  }
}
process.exit(failures > 0 ? 1 : 0);

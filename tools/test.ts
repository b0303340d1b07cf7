/**
 * `bun run test`: typecheck, lint (ESLint), unit + integration (bun test) on the embedded database, the same suite
 * again on a real PostgreSQL when TEST_DATABASE_URL is set (CI sets it), then a client build and the Playwright
 * journeys. Stops at the first failing step and exits non-zero; ends with one "N passed, N failed" line.
 */
// bun test reads a test's default timeout (5 s) only from the command line, not from bunfig.toml: integration tests
// start real servers, and a loaded machine must make them slower, never failed.
const TEST_TIMEOUT = ['--timeout', '20000'];

const steps: { name: string; cmd: string[]; env?: Record<string, string>; counts?: 'bun' | 'playwright' }[] = [
  { name: 'typecheck', cmd: ['bun', 'run', 'typecheck'] },
  { name: 'lint', cmd: ['bun', 'run', 'lint'] },
  { name: 'unit + integration (banco embutido)', cmd: ['bun', 'test', ...TEST_TIMEOUT], env: { DATABASE_URL: '' }, counts: 'bun' },
];
const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl) {
  steps.push({ name: 'unit + integration (PostgreSQL)', cmd: ['bun', 'test', ...TEST_TIMEOUT], env: { DATABASE_URL: pgUrl }, counts: 'bun' });
}
if (process.env.SKIP_E2E !== '1') {
  steps.push({ name: 'build do cliente', cmd: ['bun', 'run', 'build'] });
  steps.push({ name: 'end-to-end (Playwright)', cmd: ['bunx', 'playwright', 'test'], counts: 'playwright' });
}

let passed = 0;
let failed = 0;

function count(kind: 'bun' | 'playwright', output: string) {
  const grab = (re: RegExp) => Number(re.exec(output)?.[1] ?? 0);
  if (kind === 'bun') {
    passed += grab(/^\s*(\d+) pass$/m);
    failed += grab(/^\s*(\d+) fail$/m);
  } else {
    passed += grab(/^\s*(\d+) passed/m);
    failed += grab(/^\s*(\d+) failed/m);
  }
}

async function pipe(stream: ReadableStream<Uint8Array>, sink: NodeJS.WriteStream, collect: string[]) {
  const decoder = new TextDecoder();
  for await (const chunk of stream) {
    const text = decoder.decode(chunk, { stream: true });
    collect.push(text);
    sink.write(text);
  }
}

for (const step of steps) {
  console.log(`\n━━ ${step.name} ━━`);
  const started = performance.now();
  const env: Record<string, string | undefined> = { ...process.env, ...step.env };
  if (env.DATABASE_URL === '') delete env.DATABASE_URL;
  const proc = Bun.spawn(step.cmd, { env, stdout: 'pipe', stderr: 'pipe', stdin: 'ignore' });
  const output: string[] = [];
  await Promise.all([pipe(proc.stdout, process.stdout, output), pipe(proc.stderr, process.stderr, output)]);
  const code = await proc.exited;
  if (step.counts) count(step.counts, output.join(''));
  console.log(`━━ ${step.name}: ${code === 0 ? 'ok' : `FALHOU (código ${code})`} em ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (code !== 0) {
    if (failed === 0) failed = 1;
    console.log(`\ntests: ${passed} passed, ${failed} failed`);
    process.exit(code || 1);
  }
}
console.log(`\ntests: ${passed} passed, ${failed} failed`);

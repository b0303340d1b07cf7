import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// `bun run demo` serves the product on PORT, as the README says.
const dataDir = mkdtempSync(path.join(tmpdir(), 'canalize-demo-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const freePort = () => {
  const probe = Bun.serve({ port: 0, fetch: () => new Response() });
  const port = probe.port;
  void probe.stop(true);
  return port;
};

// A fresh embedded database runs every migration first: on a loaded machine that takes a while, so the wait is long
// and the test fails at once, with what the demo printed, when the demo exits instead.
test('the demo listens on PORT', async () => {
  const port = freePort();
  const demo = Bun.spawn(['bun', path.join(import.meta.dir, 'demo.ts')], {
    env: { ...process.env, PORT: String(port), EMULATOR_PORT: String(freePort()), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdout: 'ignore',
    stderr: 'pipe',
  });
  const printed = new Response(demo.stderr).text();
  let exited = false;
  void demo.exited.then(() => (exited = true));
  try {
    let healthy = false;
    const deadline = Date.now() + 150_000;
    while (!healthy && !exited && Date.now() < deadline) {
      healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then((response) => response.ok, () => false);
      if (!healthy) await Bun.sleep(250);
    }
    if (exited) throw new Error(`the demo exited: ${await printed}`);
    expect(healthy).toBe(true);
  } finally {
    demo.kill('SIGTERM');
    await demo.exited;
  }
}, 180_000);

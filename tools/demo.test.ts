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

test('the demo listens on PORT', async () => {
  const port = freePort();
  const demo = Bun.spawn(['bun', path.join(import.meta.dir, 'demo.ts')], {
    env: { ...process.env, PORT: String(port), EMULATOR_PORT: String(freePort()), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdout: 'ignore',
    stderr: 'ignore',
  });
  try {
    let healthy = false;
    for (let attempt = 0; attempt < 150 && !healthy; attempt++) {
      healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then((response) => response.ok, () => false);
      if (!healthy) await Bun.sleep(200);
    }
    expect(healthy).toBe(true);
  } finally {
    demo.kill('SIGTERM');
    await demo.exited;
  }
}, 60_000);

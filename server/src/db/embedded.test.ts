import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from './client.ts';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './embedded.ts';

let dataDir: string;
let embedded: EmbeddedDatabase;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'canalize-embedded-'));
  embedded = await startEmbeddedDatabase(dataDir);
}, 60_000);
afterAll(async () => {
  await embedded.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const mode = (file: string) => statSync(file).mode & 0o777;

describe('embedded database exposure', () => {
  test('listens on a Unix socket in a directory only the server user may enter, not on a TCP port', async () => {
    expect(embedded.url).not.toMatch(/:\d+\//);
    expect(path.dirname(embedded.socketPath)).toBe(path.join(dataDir, 'run'));
    expect(mode(path.dirname(embedded.socketPath))).toBe(0o700);
    expect(mode(embedded.socketPath)).toBe(0o600);
    const sql = connect(embedded.url, 1, { path: embedded.socketPath });
    expect((await sql<{ one: number }[]>`select 1 as one`)[0]?.one).toBe(1);
    await sql.end();
  });

  test.if(process.getuid?.() === 0)('another local user cannot even reach the socket', () => {
    // Connect as `nobody` with the same runtime: the directory's permissions stop it before PostgreSQL does.
    const probe = `require('node:net').connect(${JSON.stringify(embedded.socketPath)}).on('connect', () => { console.log('connected'); process.exit(0); }).on('error', (e) => { console.log(e.code); process.exit(0); })`;
    const result = spawnSync(process.execPath, ['-e', probe], { uid: 65534, gid: 65534, cwd: '/', encoding: 'utf8', timeout: 10_000 });
    expect(result.stdout.trim()).toBe('EACCES');
  });
});

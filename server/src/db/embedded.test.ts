import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from './client.ts';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './embedded.ts';
import { templateDir } from './embedded-template.ts';

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

describe('a new data directory (docs/decisions.md#embedded-template)', () => {
  test('starts as a copy of the install template, not a fresh initdb, and works like one', async () => {
    // The database started above made the template (or found it).
    expect(existsSync(path.join(templateDir(), 'PG_VERSION'))).toBe(true);
    const copyDir = mkdtempSync(path.join(tmpdir(), 'canalize-embedded-copy-'));
    try {
      const started = performance.now();
      const copy = await startEmbeddedDatabase(copyDir);
      const elapsed = performance.now() - started;
      const sql = connect(copy.url, 1, { path: copy.socketPath });
      await sql`create extension if not exists pg_trgm`;
      expect((await sql<{ sim: number }[]>`select similarity('canalize', 'canaliza')::float8 as sim`)[0]?.sim).toBeGreaterThan(0.5);
      await sql.end();
      await copy.stop();
      // initdb alone takes seconds here; a copy and a start well under that (loose: the machine may be busy).
      expect(elapsed).toBeLessThan(8_000);
      // The system identifier (pg_control's first 8 bytes) is drawn by initdb: a copy shares the template's.
      const systemId = (dir: string) => readFileSync(path.join(dir, 'global', 'pg_control')).subarray(0, 8).toString('hex');
      expect(systemId(path.join(copyDir, 'pg'))).toBe(systemId(templateDir()));
    } finally {
      rmSync(copyDir, { recursive: true, force: true });
    }
  }, 60_000);
});

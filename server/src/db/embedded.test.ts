import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from './client.ts';
import { crashEmbeddedDatabaseForTest, startEmbeddedDatabase, type EmbeddedDatabase } from './embedded.ts';
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

describe('the database thread (docs/decisions.md#embedded-worker)', () => {
  test('a statement running on the database does not hold up this thread', async () => {
    const sql = connect(embedded.url, 1, { path: embedded.socketPath });
    try {
      await sql`select 1`;
      let ticks = 0;
      const timer = setInterval(() => ticks++, 5);
      const started = performance.now();
      await sql`select pg_sleep(0.3)`;
      const elapsed = performance.now() - started;
      clearInterval(timer);
      expect(elapsed).toBeGreaterThanOrEqual(290);
      // In-process PGlite blocked the loop for the whole sleep: not one tick. Loose: the machine may be busy.
      expect(ticks).toBeGreaterThan(10);
    } finally {
      await sql.end();
    }
  });

  test('a stop closes PGlite cleanly: the data written is there after a restart, and a stopped start leaves no thread', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'canalize-embedded-restart-'));
    try {
      for (let round = 1; round <= 3; round++) {
        const db = await startEmbeddedDatabase(dir);
        const sql = connect(db.url, 1, { path: db.socketPath });
        await sql`create table if not exists rounds (n int)`;
        await sql`insert into rounds values (${round})`;
        expect((await sql<{ n: number }[]>`select n from rounds order by n`).map((row) => row.n)).toEqual(Array.from({ length: round }, (_, i) => i + 1));
        await sql.end();
        await Promise.all([db.stop(), db.stop()]); // a second stop waits for the same one
        expect(existsSync(db.socketPath)).toBe(false);
      }
      // A process that starts and stops the database exits on its own: no thread left keeping it alive.
      // (It once lingered 2 s on a timer of stop()'s own.)
      const script = `import { startEmbeddedDatabase } from ${JSON.stringify(path.join(import.meta.dir, 'embedded.ts'))}; const db = await startEmbeddedDatabase(${JSON.stringify(dir)}); await db.stop(); const stopped = performance.now(); process.on('exit', () => console.log(Math.round(performance.now() - stopped)));`;
      const child = Bun.spawn([process.execPath, '-e', script], { stdout: 'pipe', stderr: 'pipe' });
      const exited = await Promise.race([child.exited, Bun.sleep(20_000).then(() => 'hung' as const)]);
      if (exited === 'hung') child.kill();
      expect(exited).toBe(0);
      expect(Number(await new Response(child.stdout).text())).toBeLessThan(1_000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  test('a data directory PGlite cannot open fails the start with its error, as before', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'canalize-embedded-broken-'));
    try {
      mkdirSync(path.join(dir, 'pg'));
      writeFileSync(path.join(dir, 'pg', 'PG_VERSION'), '11\n');
      await expect(startEmbeddedDatabase(dir)).rejects.toThrow(/PGlite/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  test('a crash of the database thread is reported, not left to hang', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'canalize-embedded-crash-'));
    try {
      let reported: ((error: Error) => void) | undefined;
      const crash = new Promise<Error>((resolve) => (reported = resolve));
      const db = await startEmbeddedDatabase(dir, { onCrash: (error) => reported?.(error) });
      crashEmbeddedDatabaseForTest(db);
      expect((await crash).message).toContain('falha simulada');
      expect(existsSync(db.socketPath)).toBe(false);
      await db.stop(); // nothing left to stop: resolves
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  test('by default a crash stops the server process with status 1 and says why', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'canalize-embedded-crash-exit-'));
    try {
      const script = `import { crashEmbeddedDatabaseForTest, startEmbeddedDatabase } from ${JSON.stringify(path.join(import.meta.dir, 'embedded.ts'))}; const db = await startEmbeddedDatabase(${JSON.stringify(dir)}); crashEmbeddedDatabaseForTest(db); setInterval(() => {}, 1000);`;
      const child = Bun.spawn([process.execPath, '-e', script], { stdout: 'ignore', stderr: 'pipe' });
      const exited = await Promise.race([child.exited, Bun.sleep(20_000).then(() => 'hung' as const)]);
      if (exited === 'hung') child.kill();
      expect(exited).toBe(1);
      expect(await new Response(child.stderr).text()).toContain('o banco embutido falhou');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

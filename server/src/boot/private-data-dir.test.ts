/**
 * DATA_DIR holds the embedded database (WAL with e-mails, password hashes, contact names), uploads and secrets: a
 * server started as an operator starts it leaves nothing there that another local user can read, and repairs what an
 * older version or a restored backup left open (lib/private-files.ts).
 */
import { afterEach, describe, expect, test } from 'bun:test';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sharedInstanceEnv, startInstance, stopInstances, type InstanceProcess } from '../test-support/instance-process.ts';

const running: InstanceProcess[] = [];
const dirs: string[] = [];

afterEach(async () => {
  await stopInstances(running.splice(0));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Every entry under `root` whose mode is not 0700 (directories) or 0600 (files), with its mode. */
function openEntries(root: string): string[] {
  const open: string[] = [];
  const visit = (entry: string) => {
    const stats = lstatSync(entry);
    if (stats.isSymbolicLink()) return;
    const mode = stats.mode & 0o777;
    if (mode !== (stats.isDirectory() ? 0o700 : 0o600)) open.push(`${path.relative(root, entry) || '.'} ${mode.toString(8)}`);
    if (stats.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(root);
  return open;
}

async function start(dataDir: string) {
  // No secrets given: the server makes secrets.json under DATA_DIR too.
  const env = sharedInstanceEnv(undefined, 'http://127.0.0.1:9', { JWT_SECRET: '', ENCRYPTION_KEY: '' });
  const instance = await startInstance('private', env, 90_000, dataDir);
  running.push(instance);
  return instance;
}

describe('DATA_DIR is private to the server user', () => {
  test('a fresh start with the embedded database writes only 0700 directories and 0600 files', async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'canalize-modes-')), 'data');
    dirs.push(path.dirname(dataDir));
    const instance = await start(dataDir);
    const registered = await instance.api('/api/auth/register', { json: { name: 'Ana', email: 'ana@example.com', password: 'senha-forte-123' } });
    expect(registered.status).toBe(201);
    expect(readdirSync(path.join(dataDir, 'pg')).length).toBeGreaterThan(0);
    expect(readdirSync(dataDir)).toContain('secrets.json');
    expect(openEntries(dataDir)).toEqual([]);
  }, 120_000);

  test('modes left open by an earlier run are repaired on start, with a log line', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'canalize-modes-'));
    dirs.push(dataDir);
    chmodSync(dataDir, 0o755);
    mkdirSync(path.join(dataDir, 'media', 'someone'), { recursive: true, mode: 0o755 });
    chmodSync(path.join(dataDir, 'media'), 0o755);
    chmodSync(path.join(dataDir, 'media', 'someone'), 0o777);
    writeFileSync(path.join(dataDir, 'media', 'someone', 'file'), 'bytes');
    chmodSync(path.join(dataDir, 'media', 'someone', 'file'), 0o666);
    const instance = await start(dataDir);
    expect(openEntries(dataDir)).toEqual([]);
    expect(instance.lines.some((line) => line.includes('permissões do DATA_DIR restringidas'))).toBe(true);
  }, 120_000);
});

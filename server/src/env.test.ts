import { afterEach, describe, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from './env.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'canalize-env-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  test('applies the documented defaults', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBeUndefined();
    expect(config.telegramApiRoot).toBe('https://api.telegram.org');
    expect(config.metaGraphUrl).toBe('https://graph.facebook.com');
    expect(config.metaGraphVersion).toBe('v21.0');
    expect(config.logLevel).toBe('info');
    expect(config.skipClientBuild).toBe(false);
    expect(config.encryptionKey.length).toBe(32);
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  test('treats empty variables as unset', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), PORT: '', DATABASE_URL: '', PUBLIC_URL: '' });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
  });

  test('generates secrets once, stores them with mode 0600 and reuses them on restart', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(Buffer.from(second.encryptionKey).equals(Buffer.from(first.encryptionKey))).toBe(true);
    const file = path.join(dataDir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain(first.jwtSecret);
  });

  test('prefers secrets given in the environment', () => {
    const key = 'ab'.repeat(32);
    const config = loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: 's'.repeat(40), ENCRYPTION_KEY: key });
    expect(config.jwtSecret).toBe('s'.repeat(40));
    expect(Buffer.from(config.encryptionKey).toString('hex')).toBe(key);
  });

  test.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['PUBLIC_URL', 'not a url'],
    ['TELEGRAM_API_ROOT', 'nope'],
    ['JWT_SECRET', 'short'],
    ['ENCRYPTION_KEY', 'xyz'],
    ['LOG_LEVEL', 'verbose'],
    ['SKIP_CLIENT_BUILD', 'maybe'],
    ['INSTANCE_ID', 'duas palavras'],
  ])('rejects a bad %s naming the variable', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  test('reads the optional values it is given', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      PORT: '0',
      DATABASE_URL: 'postgres://u:p@localhost:5432/db',
      PUBLIC_URL: 'https://canalize.example.com',
      TELEGRAM_API_ROOT: 'http://127.0.0.1:8081/',
      LOG_LEVEL: 'debug',
      SKIP_CLIENT_BUILD: '1',
    });
    expect(config.port).toBe(0);
    expect(config.databaseUrl).toBe('postgres://u:p@localhost:5432/db');
    expect(config.publicUrl).toBe('https://canalize.example.com');
    expect(config.telegramApiRoot).toBe('http://127.0.0.1:8081');
    expect(config.logLevel).toBe('debug');
    expect(config.skipClientBuild).toBe(true);
  });

  test('names the instance by INSTANCE_ID, else by host and data directory: the same across restarts, another for another DATA_DIR', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, INSTANCE_ID: 'web-1' }).instanceId).toBe('web-1');
    const first = loadConfig({ DATA_DIR: dataDir }).instanceId;
    expect(first.startsWith(`${hostname()}:`)).toBe(true);
    expect(loadConfig({ DATA_DIR: `${dataDir}/../${path.basename(dataDir)}` }).instanceId).toBe(first);
    expect(loadConfig({ DATA_DIR: tempDir() }).instanceId).not.toBe(first);
  });
});

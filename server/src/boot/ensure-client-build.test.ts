import { afterEach, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clientBuildIsStale } from './ensure-client-build.ts';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A fake repository whose files get explicit modification times (seconds since epoch). */
function repo(files: Record<string, number>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'canalize-build-'));
  roots.push(root);
  for (const [file, mtime] of Object.entries(files)) {
    const full = path.join(root, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, '');
    utimesSync(full, mtime, mtime);
  }
  // Folders count too (a deleted file changes its folder): make them old so only the files decide.
  for (const file of Object.keys(files)) {
    for (let dir = path.dirname(file); dir !== '.'; dir = path.dirname(dir)) utimesSync(path.join(root, dir), 1, 1);
  }
  return root;
}

describe('clientBuildIsStale', () => {
  test('is stale when the build is missing', () => {
    expect(clientBuildIsStale(repo({ 'client/src/main.tsx': 100 }))).toBe(true);
  });

  test('is fresh when the build is newer than every source', () => {
    const root = repo({ 'client/src/main.tsx': 100, 'shared/auth/schemas.ts': 100, 'client/dist/index.html': 200 });
    expect(clientBuildIsStale(root)).toBe(false);
  });

  test.each(['client/src/routes/login.tsx', 'client/index.html', 'client/vite.config.ts', 'client/public/icon.svg', 'shared/x.ts'])(
    'is stale when %s changed after the build',
    (source) => {
      expect(clientBuildIsStale(repo({ 'client/dist/index.html': 200, [source]: 300 }))).toBe(true);
    },
  );
});

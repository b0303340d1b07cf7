/**
 * `bun run start` must serve a current PWA with no manual step: build the client when client/dist/index.html is
 * missing or older than any of its sources. Output is streamed so a first start does not look frozen.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../lib/logger.ts';

export const REPO_ROOT = path.resolve(import.meta.dir, '../../..');
const SOURCES = ['client/src', 'client/index.html', 'client/vite.config.ts', 'client/public', 'shared'];

export function newestSourceMtime(root: string = REPO_ROOT): number {
  return Math.max(0, ...SOURCES.map((source) => newestMtime(path.join(root, source))));
}

export function clientBuildIsStale(root: string = REPO_ROOT): boolean {
  const index = path.join(root, 'client/dist/index.html');
  if (!existsSync(index)) return true;
  return statSync(index).mtimeMs < newestSourceMtime(root);
}

export async function ensureClientBuild(logger: Logger, root: string = REPO_ROOT): Promise<void> {
  if (!existsSync(path.join(root, 'client/vite.config.ts'))) {
    logger.warn('client/vite.config.ts ausente: build do cliente ignorado');
    return;
  }
  if (!clientBuildIsStale(root)) return;
  logger.info('Gerando o build do cliente (bun run build)…');
  // A server started by `bun test` inherits NODE_ENV=test, and Vite builds React's development bundle for any
  // NODE_ENV but production (a vendor chunk nearly twice the size): the build is always production.
  const child = Bun.spawn([process.execPath, 'run', 'build'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    stdout: 'inherit',
    stderr: 'inherit',
  });
  const code = await child.exited;
  if (code !== 0) throw new Error(`O build do cliente falhou (código ${code})`);
  logger.info('Build do cliente concluído');
}

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/**
 * `bun run dev`: the API server in watch mode plus Vite's dev server (which proxies /api to it).
 * Vite runs under `bunx --bun`, which spawns a child: both children are killed together on exit.
 */
const children = [
  Bun.spawn(['bun', '--watch', 'server/src/index.ts'], {
    env: { ...process.env, SKIP_CLIENT_BUILD: '1' },
    stdout: 'inherit',
    stderr: 'inherit',
  }),
  Bun.spawn(['bunx', '--bun', 'vite', '--config', 'client/vite.config.ts'], { stdout: 'inherit', stderr: 'inherit' }),
];

function stopAll() {
  for (const child of children) child.kill('SIGTERM');
}
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
await Promise.race(children.map((child) => child.exited));
stopAll();
await Promise.all(children.map((child) => child.exited));

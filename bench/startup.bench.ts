/**
 * Cold start to healthy on the embedded database: the very first start of an install (PGlite's initdb, which makes
 * the template data directory, docs/decisions.md#embedded-template), a new data directory once the template exists
 * (a copy + migrations), and a second start on the same directory (what a restart costs).
 */
import { rmSync } from 'node:fs';
import { templateDir } from '../server/src/db/embedded-template.ts';
import { startServerProcess } from './test-support/server-process.ts';

const port = 3301;
rmSync(templateDir(), { recursive: true, force: true });
const firstEver = await startServerProcess({ port });
await firstEver.stop(true);
const first = await startServerProcess({ port });
await first.stop(false);
const again = await startServerProcess({ port, dataDir: first.dataDir });
await again.stop(true);

console.log(`startup: primeira partida da instalação (initdb, cria o modelo) → saudável em ${firstEver.readyMs.toFixed(0)} ms`);
console.log(`startup: banco embutido novo (cópia do modelo) → saudável em ${first.readyMs.toFixed(0)} ms — meta < 2 000 ms`);
console.log(`startup: reinício (dados existentes) → saudável em ${again.readyMs.toFixed(0)} ms`);

/**
 * Cold start to healthy on the embedded database: a fresh data directory (PGlite's initdb + migrations) and a
 * second start on the same directory (what a restart costs).
 */
import { startServerProcess } from './test-support/server-process.ts';

const port = 3301;
const first = await startServerProcess({ port });
await first.stop(false);
const again = await startServerProcess({ port, dataDir: first.dataDir });
await again.stop(true);

console.log(`startup: banco embutido novo → saudável em ${first.readyMs.toFixed(0)} ms`);
console.log(`startup: reinício (dados existentes) → saudável em ${again.readyMs.toFixed(0)} ms`);

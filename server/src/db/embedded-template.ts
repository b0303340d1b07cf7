/**
 * A new embedded data directory starts as a copy of a pre-initialised one (docs/decisions.md#embedded-template).
 * PGlite's initdb is most of a first start; copying a freshly initialised directory and opening it takes a tenth of
 * that (bench/RESULTS.md#startup). The template is made once per installed PGlite version (initdb in a staging
 * directory, closed, renamed into place, so a concurrent start never sees half a template) under
 * node_modules/.cache; where that cannot be written, the directory is initialised in place.
 * It holds nothing but initdb's output: the migrations still run on the copy.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type Extensions } from '@electric-sql/pglite';
import { restrictTree } from '../lib/private-files.ts';

const PACKAGE_JSON = Bun.resolveSync('@electric-sql/pglite/package.json', import.meta.dir);

/** node_modules/.cache/canalize-pglite/<PGlite version>: a data directory only ever opened to be copied. */
export function templateDir(): string {
  const { version } = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { version: string };
  // …/node_modules/@electric-sql/pglite/package.json → …/node_modules
  const modules = path.resolve(path.dirname(PACKAGE_JSON), '..', '..');
  return path.join(modules, '.cache', 'canalize-pglite', version);
}

/** Fills `dir` (absent or empty) from the template, making the template first if needed. False: not possible here. */
export async function copyTemplate(dir: string, extensions: Extensions): Promise<boolean> {
  const template = templateDir();
  try {
    if (!existsSync(path.join(template, 'PG_VERSION'))) await makeTemplate(template, extensions);
    cpSync(template, dir, { recursive: true });
    // A copy keeps the template's modes, which the install made world-readable (lib/private-files.ts).
    restrictTree(dir);
    return true;
  } catch {
    // Whatever a failed copy left goes: the directory is initialised in place, empty as it came.
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    return false;
  }
}

async function makeTemplate(template: string, extensions: Extensions) {
  const parent = path.dirname(template);
  mkdirSync(parent, { recursive: true });
  const staging = mkdtempSync(path.join(parent, '.staging-'));
  try {
    const db = await PGlite.create(staging, { extensions });
    await db.close();
    try {
      renameSync(staging, template);
    } catch (error) {
      // Another process won the race: its template is as good as ours.
      if (!existsSync(path.join(template, 'PG_VERSION'))) throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

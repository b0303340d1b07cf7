/**
 * What the server keeps on disk (DATA_DIR: the embedded database with its WAL, uploads, secrets) holds e-mails,
 * password hashes, contact names and message texts: no other local user may read it. Directories are 0700 and files
 * 0600; anything the server creates gets those modes through the umask, and what came with other modes (a copy of
 * PGlite's template, a directory made by an older version, a file restored from a backup) is repaired on start.
 */
import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

export const PRIVATE_UMASK = 0o077;
const DIRECTORY_MODE = 0o700;
const FILE_MODE = 0o600;

/** New files and directories of this process are readable by its user only. */
export function restrictNewFiles(): void {
  process.umask(PRIVATE_UMASK);
}

/**
 * Takes group and other permissions away from `root` and everything under it (symbolic links are left alone: their
 * target may be outside). Answers how many entries had to change; an absent root is 0.
 */
export function restrictTree(root: string): number {
  let changed = 0;
  const visit = (entry: string) => {
    const stats = lstatSync(entry, { throwIfNoEntry: false });
    if (!stats || stats.isSymbolicLink()) return;
    const wanted = stats.isDirectory() ? DIRECTORY_MODE : FILE_MODE;
    if ((stats.mode & 0o777) !== wanted) {
      chmodSync(entry, wanted);
      changed++;
    }
    if (stats.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(root);
  return changed;
}

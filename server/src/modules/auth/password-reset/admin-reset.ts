/**
 * `bun run admin reset-password <email>` (server/src/admin): a new random password an administrator hands over,
 * for servers without SMTP. It replaces the password like a reset link does (the account's links retired, its login
 * throttle cleared) and signs every session out. Each statement commits on its own, with no transaction: beside a
 * running embedded server, a transaction opened on the shared PGlite session would take in the server's own
 * statements (db/client.ts); a run that fails midway is simply run again.
 */
import type { Sql } from '../../../db/client.ts';
import { hashPassword } from '../password-hashing.ts';
import { findUserByEmail, revokeUserSessions } from '../repository.ts';
import { replacePassword } from './repository.ts';

/** Letters and digits that cannot be mistaken for one another when read aloud or copied by hand. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUPS = 4;
const GROUP_LENGTH = 4;

/** 16 characters of a 31-letter alphabet (about 79 bits), in groups of four: `k7pq-m2xz-…`. */
export function temporaryPassword(): string {
  const characters: string[] = [];
  const limit = 256 - (256 % ALPHABET.length);
  while (characters.length < GROUPS * GROUP_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(32))) {
      if (byte < limit && characters.length < GROUPS * GROUP_LENGTH) characters.push(ALPHABET[byte % ALPHABET.length] ?? '');
    }
  }
  return Array.from({ length: GROUPS }, (_, group) => characters.slice(group * GROUP_LENGTH, (group + 1) * GROUP_LENGTH).join('')).join('-');
}

/** The new password, or undefined when no account has this e-mail. */
export async function adminResetPassword(sql: Sql, email: string): Promise<string | undefined> {
  const account = await findUserByEmail(sql, email);
  if (!account) return undefined;
  const password = temporaryPassword();
  await replacePassword(sql, { userId: account.id, email: account.email, passwordHash: await hashPassword(password) });
  await revokeUserSessions(sql, account.id);
  return password;
}

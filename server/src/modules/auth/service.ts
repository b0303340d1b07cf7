/**
 * Accounts and sessions (docs/decisions.md#d-accounts). Policy:
 * - the same INVALID_CREDENTIALS answer for an unknown email and a wrong password, and a password check against
 *   a dummy hash when the email is unknown, so neither the text nor the timing reveals which accounts exist;
 * - after 5 failures for one email within 15 minutes every login for it answers 429 until the window passes,
 *   counted in the database so it holds across restarts and processes; a success clears the count;
 * - refresh tokens are opaque, stored as SHA-256, rotated on every use; a rotated token presented again means
 *   it was copied, so its whole family (that login's chain) is revoked.
 */
import type { Sql } from '../../db/client.ts';
import type { LoginInput, RegisterInput, Tokens, User } from '@shared/auth/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import type { AccessTokens } from './access-token.ts';
import * as repo from './repository.ts';

export const MAX_FAILED_LOGINS = 5;
export const FAILED_LOGIN_WINDOW_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;

export type AuthDeps = { sql: Sql; accessTokens: AccessTokens };

let dummyHash: Promise<string> | undefined;
const timingDummy = () => (dummyHash ??= Bun.password.hash('canalize-timing-dummy', 'argon2id'));

export function toUser(row: repo.UserRow): User {
  return { id: row.id, name: row.name, email: row.email, createdAt: row.createdAt.toISOString() };
}

export async function register(deps: AuthDeps, input: RegisterInput) {
  const passwordHash = await Bun.password.hash(input.password, 'argon2id');
  const row = await repo.insertUser(deps.sql, { name: input.name, email: input.email, passwordHash });
  if (!row) throw new AppError('EMAIL_TAKEN', 409);
  return { user: toUser(row), tokens: await issueTokens(deps, row.id, crypto.randomUUID()) };
}

export async function login(deps: AuthDeps, input: LoginInput) {
  const failures = await repo.countRecentFailures(deps.sql, input.email, FAILED_LOGIN_WINDOW_SECONDS);
  if (failures >= MAX_FAILED_LOGINS) throw new AppError('TOO_MANY_ATTEMPTS', 429);
  const row = await repo.findUserByEmail(deps.sql, input.email);
  const valid = await Bun.password.verify(input.password, row?.passwordHash ?? (await timingDummy()));
  if (!row || !valid) {
    await repo.recordFailure(deps.sql, input.email, FAILED_LOGIN_WINDOW_SECONDS);
    throw new AppError('INVALID_CREDENTIALS', 401);
  }
  await repo.clearFailures(deps.sql, input.email);
  return { user: toUser(row), tokens: await issueTokens(deps, row.id, crypto.randomUUID()) };
}

export async function refresh(deps: AuthDeps, refreshToken: string): Promise<{ tokens: Tokens }> {
  const row = await repo.findRefreshToken(deps.sql, sha256Hex(refreshToken));
  if (!row || row.revokedAt) throw new AppError('INVALID_REFRESH_TOKEN', 401);
  if (!row.rotatedAt && row.expiresAt.getTime() <= Date.now()) throw new AppError('INVALID_REFRESH_TOKEN', 401);
  if (row.rotatedAt || !(await repo.markRotated(deps.sql, row.id))) {
    await repo.revokeFamily(deps.sql, row.familyId);
    throw new AppError('INVALID_REFRESH_TOKEN', 401);
  }
  return { tokens: await issueTokens(deps, row.userId, row.familyId) };
}

export async function logout(deps: AuthDeps, refreshToken: string): Promise<void> {
  await repo.revokeToken(deps.sql, sha256Hex(refreshToken));
}

export async function currentUser(deps: AuthDeps, userId: string): Promise<User> {
  const row = await repo.findUserById(deps.sql, userId);
  // A valid token for a user that no longer exists is no session at all.
  if (!row) throw new AppError('UNAUTHENTICATED', 401);
  return toUser(row);
}

async function issueTokens(deps: AuthDeps, userId: string, familyId: string): Promise<Tokens> {
  const refreshToken = randomToken(32);
  await repo.insertRefreshToken(deps.sql, {
    userId,
    familyId,
    tokenHash: sha256Hex(refreshToken),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
  });
  return { accessToken: await deps.accessTokens.sign(userId), refreshToken };
}

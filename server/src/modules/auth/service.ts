/**
 * Accounts and sessions (docs/decisions.md#d-accounts). Policy:
 * - the same INVALID_CREDENTIALS answer for an unknown email and a wrong password, and a password check against
 *   a dummy hash when the email is unknown, so neither the text nor the timing reveals which accounts exist;
 * - logins are throttled per client address and per (address, email) with growing waits (throttle.ts), counted
 *   in the database before the password is checked so that parallel attempts, restarts and several server
 *   instances cannot get around it; a 429 says how long to wait (Retry-After); registrations are counted per
 *   address the same way, and a taken e-mail gets a refusal that does not name the e-mail as registered
 *   (docs/decisions.md#registration);
 * - every password hash and check waits its turn in one queue (password-hashing.ts);
 * - refresh tokens are opaque, stored as SHA-256, rotated on every use. The successor is derived from the token
 *   (an HMAC under the server key), so for REFRESH_GRACE_SECONDS after a rotation the same token answers the same
 *   successor again: parallel refreshes of one session (two tabs, a retried request) all get the one new token.
 *   A rotated token presented after that window means it was copied, so its whole family is revoked.
 */
import type { Sql } from '../../db/client.ts';
import type { LoginInput, RegisterInput, Tokens, User } from '@shared/auth/schemas.ts';
import { ROLES } from '@shared/team/permissions.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import { deriveSecretHex, randomToken, sha256Hex } from '../../lib/crypto.ts';
import type { Account, AccessTokens } from './access-token.ts';
import * as repo from './repository.ts';
import { recordAudit, type AuditOrigin } from '../audit/recorder.ts';
import { hashPassword, verifyPassword } from './password-hashing.ts';
import { loginThrottleKeys, registrationThrottleKeys, type ThrottleKey } from './throttle.ts';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;
export const REFRESH_GRACE_SECONDS = 30;

export type AuthDeps = {
  sql: Sql;
  accessTokens: AccessTokens;
  encryptionKey: Uint8Array;
  /** Accounts one address may create before growing waits begin (REGISTRATIONS_PER_ADDRESS). */
  registrationsPerAddress: number;
};

let dummyHash: Promise<string> | undefined;
const timingDummy = () => (dummyHash ??= hashPassword('canalize-timing-dummy'));

export function toUser(row: repo.UserRow): User {
  return { id: row.id, name: row.name, email: row.email, createdAt: row.createdAt.toISOString() };
}

/** `address`: the client's, as http/client-address.ts reads it. */
export async function register(deps: AuthDeps, input: RegisterInput, address: string) {
  await claimOrThrow(deps, registrationThrottleKeys(address, deps.registrationsPerAddress));
  const passwordHash = await hashPassword(input.password);
  const row = await repo.insertUser(deps.sql, { name: input.name, email: input.email, passwordHash });
  if (!row) throw new AppError('REGISTRATION_REFUSED', 409);
  // The account's own workspace (the users trigger made it) has the user's id.
  return { user: toUser(row), tokens: await issueTokens(deps, row.id, crypto.randomUUID(), row.id) };
}

/**
 * `address`: the client's, as http/client-address.ts reads it; `origin` where the sign-in is logged from (its own
 * workspace's audit log). A failed attempt leaves no line: writing one only for existing accounts would time-tell
 * which e-mails have one, and the throttle already bounds guessing.
 */
export async function login(deps: AuthDeps, input: LoginInput, address: string, origin: AuditOrigin) {
  const keys = loginThrottleKeys(address, input.email);
  await claimOrThrow(deps, keys);
  const row = await repo.findUserByEmail(deps.sql, input.email);
  const valid = await verifyPassword(input.password, row?.passwordHash ?? (await timingDummy()));
  if (!row || !valid) throw new AppError('INVALID_CREDENTIALS', 401);
  await repo.releaseLoginAttempt(deps.sql, keys);
  await recordAudit(deps.sql, { accountId: row.id, actorId: row.id, action: 'auth.sign_in', target: { type: 'account', id: row.id }, origin });
  return { user: toUser(row), tokens: await issueTokens(deps, row.id, crypto.randomUUID(), row.id) };
}

async function claimOrThrow(deps: AuthDeps, keys: ThrottleKey[]) {
  const claim = await repo.claimLoginAttempt(deps.sql, keys);
  if (!claim.allowed) {
    throw new AppError('TOO_MANY_ATTEMPTS', 429, undefined, undefined, { 'retry-after': String(claim.retryAfterSeconds) });
  }
}

export async function refresh(deps: AuthDeps, refreshToken: string): Promise<{ tokens: Tokens }> {
  const row = await repo.findRefreshToken(deps.sql, sha256Hex(refreshToken));
  if (!row || row.revokedAt || row.familyRevoked) throw new AppError('INVALID_REFRESH_TOKEN', 401);
  if (!row.rotatedAt && row.expiresAt.getTime() <= Date.now()) throw new AppError('INVALID_REFRESH_TOKEN', 401);
  const successor = deriveSecretHex(deps.encryptionKey, `refresh-successor:${refreshToken}`);
  const claimed = !row.rotatedAt && (await rotate(deps, row, successor));
  // Not claimed: this request or a parallel one already rotated it. Within the grace window that was the same
  // session's other request (answer the same successor); later, someone replays a copied token.
  const inGrace = claimed || row.rotatedSecondsAgo === null || row.rotatedSecondsAgo <= REFRESH_GRACE_SECONDS;
  if (!inGrace) {
    await repo.revokeFamily(deps.sql, row.familyId);
    throw new AppError('INVALID_REFRESH_TOKEN', 401);
  }
  const workspaceId = row.workspaceId ?? row.userId;
  return { tokens: { accessToken: await deps.accessTokens.sign(row.userId, row.familyId, workspaceId), refreshToken: successor } };
}

/** Marks the token rotated and stores its successor in one transaction, so whoever sees it rotated can use it. */
function rotate(deps: AuthDeps, row: repo.RefreshRow, successor: string): Promise<boolean> {
  return inTransaction(deps.sql, async (tx) => {
    if (!(await repo.markRotated(tx, row.id))) return false;
    await repo.insertRefreshToken(tx, {
      userId: row.userId,
      familyId: row.familyId,
      tokenHash: sha256Hex(successor),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
      workspaceId: row.workspaceId ?? row.userId,
    });
    return true;
  });
}

/**
 * The access-token check asks this: a token of an account that no longer exists, or of a session that was signed
 * out, is refused everywhere.
 */
export async function findAccount(sql: Sql, userId: string, sessionId: string, workspaceId: string): Promise<Account | undefined> {
  const row = await repo.findSessionUser(sql, userId, sessionId, workspaceId);
  if (!row || row.sessionRevoked) return undefined;
  const role = ROLES.find((known) => known === row.role);
  const workspace = role && row.workspaceName !== null ? { id: workspaceId, name: row.workspaceName, role } : undefined;
  return { user: toUser(row), workspaceId, workspace };
}

/**
 * Signs the session out: its whole refresh family, whichever of its tokens is presented (an older one too), and with
 * it every access token issued to it (findAccount).
 */
export async function logout(deps: AuthDeps, refreshToken: string): Promise<void> {
  const row = await repo.findRefreshToken(deps.sql, sha256Hex(refreshToken));
  if (row) await repo.revokeFamily(deps.sql, row.familyId);
}

/** A new session (refresh family) of `userId` acting in `workspaceId`. */
export async function issueTokens(deps: Pick<AuthDeps, 'sql' | 'accessTokens'>, userId: string, familyId: string, workspaceId: string): Promise<Tokens> {
  const refreshToken = randomToken(32);
  await repo.insertRefreshToken(deps.sql, {
    userId,
    familyId,
    tokenHash: sha256Hex(refreshToken),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
    workspaceId,
  });
  return { accessToken: await deps.accessTokens.sign(userId, familyId, workspaceId), refreshToken };
}

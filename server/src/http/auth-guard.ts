/**
 * Bearer authentication for protected routes: resolves `userId` (and the account, `user`) or answers 401 (TOKEN_EXPIRED when the token
 * is genuine but old, so the client knows a refresh will help; UNAUTHENTICATED otherwise).
 */
import { Elysia } from 'elysia';
import { AppError } from '../lib/errors.ts';
import type { AccessTokens } from '../modules/auth/access-token.ts';

export function authGuard(accessTokens: AccessTokens) {
  return new Elysia().resolve({ as: 'scoped' }, async ({ headers }) => {
    const header = headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new AppError('UNAUTHENTICATED', 401);
    const check = await accessTokens.verify(match[1]);
    if (check.status === 'expired') throw new AppError('TOKEN_EXPIRED', 401);
    if (check.status === 'invalid') throw new AppError('UNAUTHENTICATED', 401);
    return { userId: check.userId, user: check.user };
  });
}

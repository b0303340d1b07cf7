/**
 * Access tokens: 15-minute HS256 JWTs signed by @elysiajs/jwt, `sub` = user id. Verification tells "expired"
 * apart from "invalid" so that the client can answer TOKEN_EXPIRED with a refresh: an expired token is one whose
 * signature still verifies when the expiry is ignored (a forged token never reaches "expired").
 */
import { jwt } from '@elysiajs/jwt';
import type { User } from '@shared/auth/schemas.ts';
import { isUuid } from '../../lib/ids.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** Used only to re-check the signature of a token that failed verification: a century of tolerance. */
const IGNORE_EXPIRY_SECONDS = 100 * 365 * 24 * 3600;

export type AccessCheck = { status: 'valid'; userId: string; user: User } | { status: 'expired' } | { status: 'invalid' };

export type AccessTokens = {
  sign(userId: string): Promise<string>;
  verify(token: string): Promise<AccessCheck>;
};

/**
 * The account a genuine token names, if it still exists: a deleted user's token is no session at all, so it is a
 * 401 on every route. The one lookup also serves GET /auth/me, so a request pays a single round trip for it.
 */
export type AccountLookup = (userId: string) => Promise<User | undefined>;

export function createAccessTokens(secret: string, findAccount: AccountLookup): AccessTokens {
  const signer = jwt({ name: 'jwt', secret, exp: `${ACCESS_TOKEN_TTL_SECONDS}s` }).decorator.jwt;
  return {
    sign: (userId) => signer.sign({ sub: userId }),
    async verify(token) {
      const payload = await signer.verify(token);
      if (payload) {
        // A non-uuid subject (signed with our secret, but never by us) would make every query a cast error (500).
        if (typeof payload.sub !== 'string' || !isUuid(payload.sub) || typeof payload.exp !== 'number') return { status: 'invalid' };
        const user = await findAccount(payload.sub);
        return user ? { status: 'valid', userId: payload.sub, user } : { status: 'invalid' };
      }
      const ignoringExpiry = await signer.verify(token, { clockTolerance: IGNORE_EXPIRY_SECONDS });
      return ignoringExpiry ? { status: 'expired' } : { status: 'invalid' };
    },
  };
}

/**
 * Access tokens: 15-minute JWTs signed by @elysiajs/jwt, HS256 only (a token in any other algorithm is refused, so
 * no choice of algorithm is left to whoever made the token), `sub` = user id, `sid` = the session (the refresh
 * family it was issued with). Every check asks the database whether that session was revoked (logout, reuse of a
 * rotated refresh token) in the one query that already reads the account, so a revoked session's access tokens
 * stop working on the next request instead of living out their 15 minutes. Verification tells "expired" apart
 * from "invalid" so that the client can answer TOKEN_EXPIRED with a refresh: an expired token is one whose
 * signature still verifies when the expiry is ignored (a forged token never reaches "expired"); a token without a
 * session (made before sessions were named) is "expired" too, so its client refreshes into a named one.
 */
import { jwt } from '@elysiajs/jwt';
import type { User } from '@shared/auth/schemas.ts';
import { isUuid } from '../../lib/ids.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** Used only to re-check the signature of a token that failed verification: a century of tolerance. */
const IGNORE_EXPIRY_SECONDS = 100 * 365 * 24 * 3600;

export type AccessCheck = { status: 'valid'; userId: string; user: User } | { status: 'expired' } | { status: 'invalid' };

export type AccessTokens = {
  sign(userId: string, sessionId: string): Promise<string>;
  verify(token: string): Promise<AccessCheck>;
};

/**
 * The account a genuine token names, if it still exists and the session is not revoked: a deleted user's token, or a
 * signed-out session's, is no session at all, so it is a 401 on every route. The one lookup also serves GET
 * /auth/me, so a request pays a single round trip for it.
 */
export type AccountLookup = (userId: string, sessionId: string) => Promise<User | undefined>;

const ALGORITHM = 'HS256';

export function createAccessTokens(secret: string, findAccount: AccountLookup): AccessTokens {
  const signer = jwt({ name: 'jwt', secret, alg: ALGORITHM, exp: `${ACCESS_TOKEN_TTL_SECONDS}s` }).decorator.jwt;
  const pinned = { algorithms: [ALGORITHM] };
  return {
    sign: (userId, sessionId) => signer.sign({ sub: userId, sid: sessionId }),
    async verify(token) {
      const payload = await signer.verify(token, pinned);
      if (payload) {
        // A non-uuid subject (signed with our secret, but never by us) would make every query a cast error (500).
        if (typeof payload.sub !== 'string' || !isUuid(payload.sub) || typeof payload.exp !== 'number') return { status: 'invalid' };
        if (typeof payload.sid !== 'string' || !isUuid(payload.sid)) return { status: 'expired' };
        const user = await findAccount(payload.sub, payload.sid);
        return user ? { status: 'valid', userId: payload.sub, user } : { status: 'invalid' };
      }
      const ignoringExpiry = await signer.verify(token, { ...pinned, clockTolerance: IGNORE_EXPIRY_SECONDS });
      return ignoringExpiry ? { status: 'expired' } : { status: 'invalid' };
    },
  };
}

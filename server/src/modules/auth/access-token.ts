/**
 * Access tokens: 15-minute HS256 JWTs signed by @elysiajs/jwt, `sub` = user id. Verification tells "expired"
 * apart from "invalid" so that the client can answer TOKEN_EXPIRED with a refresh: an expired token is one whose
 * signature still verifies when the expiry is ignored (a forged token never reaches "expired").
 */
import { jwt } from '@elysiajs/jwt';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** Used only to re-check the signature of a token that failed verification: a century of tolerance. */
const IGNORE_EXPIRY_SECONDS = 100 * 365 * 24 * 3600;

export type AccessCheck = { status: 'valid'; userId: string } | { status: 'expired' } | { status: 'invalid' };

export type AccessTokens = {
  sign(userId: string): Promise<string>;
  verify(token: string): Promise<AccessCheck>;
};

export function createAccessTokens(secret: string): AccessTokens {
  const signer = jwt({ name: 'jwt', secret, exp: `${ACCESS_TOKEN_TTL_SECONDS}s` }).decorator.jwt;
  return {
    sign: (userId) => signer.sign({ sub: userId }),
    async verify(token) {
      const payload = await signer.verify(token);
      if (payload) {
        return typeof payload.sub === 'string' && typeof payload.exp === 'number'
          ? { status: 'valid', userId: payload.sub }
          : { status: 'invalid' };
      }
      const ignoringExpiry = await signer.verify(token, { clockTolerance: IGNORE_EXPIRY_SECONDS });
      return ignoringExpiry ? { status: 'expired' } : { status: 'invalid' };
    },
  };
}

/**
 * Access tokens: 15-minute JWTs signed by @elysiajs/jwt, HS256 only (a token in any other algorithm is refused, so
 * no choice of algorithm is left to whoever made the token), `sub` = user id, `sid` = the session (the refresh
 * family it was issued with). Every check asks the database whether that session was revoked (logout, reuse of a
 * rotated refresh token) in the one query that already reads the account, so a revoked session's access tokens
 * stop working on the next request instead of living out their 15 minutes. Verification tells "expired" apart
 * from "invalid" so that the client can answer TOKEN_EXPIRED with a refresh: an expired token is one whose
 * signature still verifies when the expiry is ignored (a forged token never reaches "expired"); a token without a
 * session (made before sessions were named) is "expired" too, so its client refreshes into a named one. `wid` names
 * the workspace the session acts in (absent on tokens made before workspaces: the account's own, whose id is the
 * user id); the same lookup reads the member's current role there, so a removal or a role change holds on the next
 * request whatever token the member holds.
 */
import { jwt } from '@elysiajs/jwt';
import type { User } from '@shared/auth/schemas.ts';
import type { Workspace } from '@shared/team/schemas.ts';
import { isUuid } from '../../lib/ids.ts';
import type { ApiKeyAuth } from '../api-keys/authenticator.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** Used only to re-check the signature of a token that failed verification: a century of tolerance. */
const IGNORE_EXPIRY_SECONDS = 100 * 365 * 24 * 3600;

/** `workspace`: the one the token acts in with the member's role now; undefined when no longer a member there. */
export type Account = { user: User; workspaceId: string; workspace: Workspace | undefined };

export type AccessCheck = ({ status: 'valid'; userId: string; sessionId: string } & Account) | { status: 'expired' } | { status: 'invalid' };

export type AccessTokens = {
  sign(userId: string, sessionId: string, workspaceId: string): Promise<string>;
  verify(token: string): Promise<AccessCheck>;
  /** The workspace API keys the auth guard also accepts (createApp passes them; without, a key is a 401). */
  apiKeys?: ApiKeyAuth;
};

/**
 * The account a genuine token names, if it still exists and the session is not revoked: a deleted user's token, or a
 * signed-out session's, is no session at all, so it is a 401 on every route. The one lookup also serves GET
 * /auth/me, so a request pays a single round trip for it.
 */
export type AccountLookup = (userId: string, sessionId: string, workspaceId: string) => Promise<Account | undefined>;

const ALGORITHM = 'HS256';

export function createAccessTokens(secret: string, findAccount: AccountLookup): AccessTokens {
  const signer = jwt({ name: 'jwt', secret, alg: ALGORITHM, exp: `${ACCESS_TOKEN_TTL_SECONDS}s` }).decorator.jwt;
  const pinned = { algorithms: [ALGORITHM] };
  return {
    sign: (userId, sessionId, workspaceId) => signer.sign({ sub: userId, sid: sessionId, wid: workspaceId }),
    async verify(token) {
      const payload = await signer.verify(token, pinned);
      if (payload) {
        // A non-uuid subject (signed with our secret, but never by us) would make every query a cast error (500).
        if (typeof payload.sub !== 'string' || !isUuid(payload.sub) || typeof payload.exp !== 'number') return { status: 'invalid' };
        if (typeof payload.sid !== 'string' || !isUuid(payload.sid)) return { status: 'expired' };
        const workspaceId = typeof payload.wid === 'string' && isUuid(payload.wid) ? payload.wid : payload.sub;
        const account = await findAccount(payload.sub, payload.sid, workspaceId);
        return account ? { status: 'valid', userId: payload.sub, sessionId: payload.sid, ...account } : { status: 'invalid' };
      }
      const ignoringExpiry = await signer.verify(token, { ...pinned, clockTolerance: IGNORE_EXPIRY_SECONDS });
      return ignoringExpiry ? { status: 'expired' } : { status: 'invalid' };
    },
  };
}

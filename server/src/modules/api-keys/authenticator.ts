/**
 * Authenticating a request by API key (http/auth-guard.ts): the key is looked up by its secret's hash on every
 * request, so a revocation holds on the next request on every instance (no cache to outlive it). The key's last
 * use is written at most once a minute per key (remembered here, and the UPDATE itself skips a key another
 * instance marked in the last minute), so reads cost no write. Writes made with a key leave an audit line naming it.
 */
import { API_KEY_SCOPES, type ApiKeyScope } from '@shared/api-keys/schemas.ts';
import type { User } from '@shared/auth/schemas.ts';
import type { Queryable } from '../../db/client.ts';
import { findLiveKey, touchApiKey } from './repository.ts';
import { hashOfPresented } from './secret.ts';
import { createKeyThrottle } from './throttle.ts';

export type ApiKeyIdentity = { id: string; name: string; scopes: ApiKeyScope[]; workspace: { id: string; name: string }; founder: User };

export type ApiKeyAuth = {
  /** The live key the secret names, or undefined (unknown, malformed or revoked). */
  verify(secret: string): Promise<ApiKeyIdentity | undefined>;
  /** 0 when the key may make a request now, else the seconds to wait. */
  throttle(keyId: string): number;
  sql: Queryable;
  trustProxy: boolean;
};

const TOUCH_EVERY_MS = 60_000;
const isScope = (scope: string): scope is ApiKeyScope => API_KEY_SCOPES.some((known) => known === scope);

export function createApiKeyAuth(sql: Queryable, options: { requestsPerMinute: number; trustProxy: boolean }): ApiKeyAuth {
  const throttle = createKeyThrottle(options.requestsPerMinute);
  const touched = new Map<string, number>();
  const touch = async (id: string) => {
    const now = Date.now();
    if (now - (touched.get(id) ?? 0) < TOUCH_EVERY_MS) return;
    touched.set(id, now);
    if (touched.size > 10_000) for (const [known, at] of touched) if (now - at >= TOUCH_EVERY_MS) touched.delete(known);
    await touchApiKey(sql, id);
  };
  return {
    sql,
    trustProxy: options.trustProxy,
    throttle: (keyId) => throttle.take(keyId),
    async verify(secret) {
      const hash = hashOfPresented(secret);
      const row = hash === undefined ? undefined : await findLiveKey(sql, hash);
      if (!row) return undefined;
      await touch(row.id);
      return {
        id: row.id,
        name: row.name,
        scopes: row.scopes.filter(isScope),
        workspace: { id: row.workspaceId, name: row.workspaceName },
        founder: { id: row.workspaceId, name: row.founderName, email: row.founderEmail, createdAt: row.founderCreatedAt.toISOString() },
      };
    },
  };
}

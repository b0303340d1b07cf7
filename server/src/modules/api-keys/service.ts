/**
 * The workspace's API keys ("Chaves de API"): owners and admins create and revoke them (the `apiKeys` area,
 * http/route-areas.ts). The secret is answered once, by `createApiKey`; only its SHA-256 is stored (secret.ts). At
 * most API_KEY_LIMITS.perWorkspace live keys. Creation and revocation each leave an audit line in their transaction.
 */
import { API_KEY_LIMITS, apiKeySchema, type ApiKey, type createApiKeyInputSchema } from '@shared/api-keys/schemas.ts';
import type { z } from 'zod';
import type { Sql } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { recordAudit, type AuditOrigin } from '../audit/recorder.ts';
import * as repo from './repository.ts';
import { newSecret } from './secret.ts';

export type ApiKeysDeps = { sql: Sql };
export type KeyManager = { actorId: string; origin: AuditOrigin };

const toApiKey = (row: repo.ApiKeyRow): ApiKey =>
  apiKeySchema.parse({ ...row, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null });

export async function listApiKeys(deps: ApiKeysDeps, userId: string): Promise<ApiKey[]> {
  return (await repo.listApiKeys(deps.sql, userId)).map(toApiKey);
}

export async function createApiKey(deps: ApiKeysDeps, userId: string, input: z.output<typeof createApiKeyInputSchema>, by: KeyManager) {
  const { secret, prefix, hash } = newSecret();
  const row = await inTransaction(deps.sql, async (tx) => {
    const inserted = await repo.insertApiKey(tx, { userId, name: input.name, prefix, secretHash: hash, scopes: input.scopes, createdBy: by.actorId }, API_KEY_LIMITS.perWorkspace);
    if (inserted === 'limit') throw new AppError('API_KEY_LIMIT', 409);
    await recordAudit(tx, {
      accountId: userId, actorId: by.actorId, action: 'key.create', target: { type: 'api_key', id: inserted.id },
      detail: { name: inserted.name, scopes: inserted.scopes.join(' ').slice(0, 200) }, origin: by.origin,
    });
    return inserted;
  });
  return { key: secret, apiKey: toApiKey(row) };
}

/** Revokes the key: the next request made with it is refused (the guard reads the key on every request). */
export async function revokeApiKey(deps: ApiKeysDeps, userId: string, id: string, by: KeyManager): Promise<void> {
  await inTransaction(deps.sql, async (tx) => {
    const revoked = await repo.revokeApiKey(tx, userId, id);
    if (!revoked) throw notFound();
    await recordAudit(tx, { accountId: userId, actorId: by.actorId, action: 'key.revoke', target: { type: 'api_key', id }, detail: { name: revoked.name }, origin: by.origin });
  });
}

/**
 * Web push (docs/decisions.md#web-push): the server's VAPID keys, the user's browser subscriptions and the
 * presence of open conversations. The private key is made once, kept encrypted in the database (like bot tokens)
 * and never leaves this module: routes see only the public key.
 */
import webpush from 'web-push';
import { isIP } from 'node:net';
import { PRESENCE_TTL_MS, PUSH_TEXTS, type PushPresenceInput, type PushSubscriptionInput } from '@shared/push/schemas.ts';
import type { Queryable } from '../../db/client.ts';
import { decryptSecret, encryptSecret } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { isInternal } from '../../lib/address-guard.ts';
import * as repo from './repository.ts';

/** A user's devices beyond this many: the oldest subscription goes (browsers rarely say goodbye). */
export const MAX_SUBSCRIPTIONS_PER_USER = 20;

export type VapidKeys = { publicKey: string; privateKey: string };

const loaded = new WeakMap<object, Promise<VapidKeys>>();

/** The key pair, made and stored on first start; later starts (and every process) read the same one. */
export function vapidKeys(sql: Queryable, encryptionKey: Uint8Array): Promise<VapidKeys> {
  let keys = loaded.get(sql);
  if (!keys) {
    keys = (async () => {
      const fresh = webpush.generateVAPIDKeys();
      const row = await repo.ensureVapidKeys(sql, { publicKey: fresh.publicKey, privateKeyEncrypted: encryptSecret(fresh.privateKey, encryptionKey) });
      return { publicKey: row.publicKey, privateKey: decryptSecret(row.privateKeyEncrypted, encryptionKey) };
    })();
    keys.catch(() => loaded.delete(sql));
    loaded.set(sql, keys);
  }
  return keys;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
export const isLoopbackHost = (hostname: string) => LOOPBACK_NAMES.has(hostname) || /^127\.\d+\.\d+\.\d+$/.test(hostname);

/**
 * Where the server may POST pushes: https, to a public host. `allowLoopback` (PUSH_ALLOW_LOOPBACK, tests) also
 * admits http:// and https:// on loopback, for a local fake push service. The name is resolved and checked again
 * at every send (sender.ts): this is the cheap early refusal.
 */
export function endpointAllowed(endpoint: string, allowLoopback: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (allowLoopback && isLoopbackHost(url.hostname)) return url.protocol === 'https:' || url.protocol === 'http:';
  if (url.protocol !== 'https:' || url.hostname === 'localhost' || url.hostname.endsWith('.localhost')) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return !(isIP(host) && isInternal(host));
}

const invalidEndpoint = () => new AppError('VALIDATION_FAILED', 400, PUSH_TEXTS.endpoint, { endpoint: PUSH_TEXTS.endpoint });

export type PushServiceDeps = { sql: Queryable; allowLoopback: boolean };

/**
 * `userId`: the workspace (whose pushes it receives); `memberId`: the person whose browser it is; `sessionId`: the
 * session subscribing, signing it out removes the subscription (modules/account).
 */
export async function subscribe(
  deps: PushServiceDeps, owner: { userId: string; memberId: string; sessionId: string }, input: PushSubscriptionInput, userAgent: string | null,
) {
  if (!endpointAllowed(input.endpoint, deps.allowLoopback)) throw invalidEndpoint();
  await repo.upsertSubscription(
    deps.sql,
    { ...owner, endpoint: input.endpoint, p256dh: input.keys.p256dh.replace(/=+$/, ''), auth: input.keys.auth.replace(/=+$/, ''), userAgent: userAgent?.slice(0, 300) ?? null },
    MAX_SUBSCRIPTIONS_PER_USER,
  );
}

/** Idempotent: removing what is not (or no longer) there answers removed: false, never someone else's. */
export async function unsubscribe(deps: { sql: Queryable }, userId: string, endpoint: string): Promise<boolean> {
  return repo.deleteSubscription(deps.sql, userId, endpoint);
}

/** `memberId`: the person whose screen shows the conversation; it silences that member's pushes only. */
export async function reportPresence(deps: { sql: Queryable }, owner: { userId: string; memberId: string }, input: PushPresenceInput) {
  await repo.reportPresence(deps.sql, { ...owner, tabId: input.tabId, contactId: input.contactId, ttlMs: PRESENCE_TTL_MS });
}

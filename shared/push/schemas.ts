/** Web push contract (docs/decisions.md#web-push, docs/product.md#api-push): subscriptions, presence, payload. */
import { z } from 'zod';
import { successEnvelope } from '../api/envelope.ts';
import { isAppPath, PUSH_MESSAGE_LIMITS } from './message.ts';

export const PUSH_TEXTS = {
  endpoint: 'Endereço de notificação inválido',
  keys: 'Chaves de notificação inválidas',
  tab: 'Aba inválida',
  contact: 'Contato inválido',
} as const;

/** How often an open, visible conversation reports itself, and how long one report holds. */
export const PRESENCE_HEARTBEAT_MS = 20_000;
export const PRESENCE_TTL_MS = 45_000;

/**
 * PushSubscription.toJSON(): p256dh is an uncompressed P-256 point (65 bytes → 87 base64url characters), auth a
 * 16-byte secret (22 characters); padding is tolerated. Whether an http endpoint is acceptable is the server's call
 * (https only, unless it allows loopback for tests).
 */
function isWebUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

export const pushSubscriptionInputSchema = z.object({
  endpoint: z
    .string({ error: PUSH_TEXTS.endpoint })
    .max(1000, { error: PUSH_TEXTS.endpoint })
    .refine(isWebUrl, { error: PUSH_TEXTS.endpoint }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: z.string({ error: PUSH_TEXTS.keys }).regex(/^B[A-Za-z0-9_-]{86}=?$/, { error: PUSH_TEXTS.keys }),
      auth: z.string({ error: PUSH_TEXTS.keys }).regex(/^[A-Za-z0-9_-]{22}(==)?$/, { error: PUSH_TEXTS.keys }),
    },
    { error: PUSH_TEXTS.keys },
  ),
});

export const pushUnsubscribeInputSchema = z.object({ endpoint: z.string({ error: PUSH_TEXTS.endpoint }).min(1, { error: PUSH_TEXTS.endpoint }).max(1000, { error: PUSH_TEXTS.endpoint }) });

/** The conversation a tab shows while visible (null: none, or hidden). tabId: random per page load. */
export const pushPresenceInputSchema = z.object({
  tabId: z.uuid({ error: PUSH_TEXTS.tab }),
  contactId: z.uuid({ error: PUSH_TEXTS.contact }).nullable(),
});

/** The payload the server encrypts for the service worker; the worker reads it leniently (client/src/push-message.ts). */
export const pushMessageSchema = z.object({
  title: z.string().min(1).max(PUSH_MESSAGE_LIMITS.title),
  body: z.string().max(PUSH_MESSAGE_LIMITS.body),
  url: z.string().max(PUSH_MESSAGE_LIMITS.url).refine(isAppPath),
  tag: z.string().min(1).max(PUSH_MESSAGE_LIMITS.tag),
});

export const pushPublicKeyResponseSchema = successEnvelope(z.object({ publicKey: z.string() }));
export const pushPresenceResponseSchema = successEnvelope(z.object({ reported: z.literal(true) }));
export const pushSubscribedResponseSchema = successEnvelope(z.object({ subscribed: z.literal(true) }));
export const pushUnsubscribedResponseSchema = successEnvelope(z.object({ removed: z.boolean() }));

export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;
export type PushPresenceInput = z.infer<typeof pushPresenceInputSchema>;

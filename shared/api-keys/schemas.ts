/**
 * API keys ("Chaves de API"): a workspace's credentials for other tools (n8n, Make, a CRM, scripts). A key is sent
 * as `Authorization: Bearer <key>` on the same /api routes the console uses and is told apart from a session token
 * by API_KEY_PREFIX; it acts as the workspace, limited to its scopes (`<area>:read`, `<area>:write`, `*:read`,
 * `*:write`; write implies read). The secret is answered once, at creation; afterwards only its display prefix.
 */
import { z } from 'zod';
import { successEnvelope } from '../api/envelope.ts';
import { storableString } from '../api/storable-text.ts';

/** What every secret starts with: how the server (and a secret scanner) recognises a key. */
export const API_KEY_PREFIX = 'cz_live_';
/** The random part: 33 base62 characters, log2(62) × 33 ≈ 196 bits, beyond any guessing. */
export const API_KEY_RANDOM_LENGTH = 33;
/** How many characters of the secret are kept in clear to tell keys apart in the list (the prefix and 4 more). */
export const API_KEY_DISPLAY_LENGTH = API_KEY_PREFIX.length + 4;

export const API_KEY_AREAS = ['bots', 'flows', 'contacts', 'messages', 'broadcasts', 'funnels', 'pixels', 'access', 'webhooks'] as const;
export type ApiKeyArea = (typeof API_KEY_AREAS)[number];

export const API_KEY_AREA_LABELS: Record<ApiKeyArea, string> = {
  bots: 'Bots', flows: 'Fluxos', contacts: 'Contatos', messages: 'Mensagens', broadcasts: 'Disparos', funnels: 'Funis',
  pixels: 'Pixels', access: 'Acesso pago', webhooks: 'Webhooks',
};

export const API_KEY_SCOPES = [
  '*:read', '*:write', ...API_KEY_AREAS.flatMap((area) => [`${area}:read`, `${area}:write`] as const),
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_LIMITS = { name: 80, perWorkspace: 50 } as const;

export const API_KEY_TEXTS = {
  name: 'Dê um nome à chave',
  nameTooLong: `Nome muito longo (máximo ${API_KEY_LIMITS.name} caracteres)`,
  scopes: 'Escolha ao menos uma permissão',
  scope: 'Permissão desconhecida',
} as const;

const scopeSchema = z.enum(API_KEY_SCOPES, { error: API_KEY_TEXTS.scope });

export const createApiKeyInputSchema = z.object({
  name: storableString({ error: API_KEY_TEXTS.name }).trim().min(1, { error: API_KEY_TEXTS.name }).max(API_KEY_LIMITS.name, { error: API_KEY_TEXTS.nameTooLong }),
  scopes: z.array(scopeSchema, { error: API_KEY_TEXTS.scopes }).min(1, { error: API_KEY_TEXTS.scopes }).max(API_KEY_SCOPES.length)
    .transform((scopes) => [...new Set(scopes)]),
});
export type CreateApiKeyInput = z.input<typeof createApiKeyInputSchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the secret (API_KEY_DISPLAY_LENGTH), never enough to use it. */
  prefix: z.string(),
  scopes: z.array(scopeSchema),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createdApiKeyResponseSchema = successEnvelope(z.object({ key: z.string(), apiKey: apiKeySchema }));
export const apiKeysResponseSchema = successEnvelope(z.object({ apiKeys: z.array(apiKeySchema) }));
export const revokedApiKeyResponseSchema = successEnvelope(z.object({ revoked: z.literal(true) }));

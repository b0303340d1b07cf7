/**
 * Meta pixel contract: docs/product.md#entity-pixel, #rules-pixels, #api-pixels, #screen-pixels, #toasts-funnels
 * and docs/decisions.md#d-funnels-pixel; Conversions API facts in docs/telegram.md#meta-capi. The screen and the
 * server validate with these schemas; texts quoted in the docs are verbatim.
 *
 * The access token is write-only: no answer carries it, only `tokenPreview` (its first and last characters).
 */
import { z } from 'zod';
import { successEnvelope } from '../api/envelope.ts';
import { storableString } from '../api/storable-text.ts';
import { isolateText } from '../text/invisible.ts';

export const PIXEL_LIMITS = {
  nameMax: 100,
  /** Meta pixel (dataset) ids are numeric, 15–16 digits today; leave room either way. */
  pixelIdMin: 5,
  pixelIdMax: 20,
  accessTokenMin: 20,
  accessTokenMax: 1024,
  testEventCodeMax: 64,
  /** docs/telegram.md#meta-capi: at most this many events in one request. */
  eventsPerRequest: 1000,
} as const;

export const PIXEL_TEXTS = {
  // docs/product.md#rules-pixels, verbatim
  createRequired: 'Preencha nome, Pixel ID e token de acesso',
  editRequired: 'Nome e Pixel ID são obrigatórios',
  testCodeRequired: 'Informe o código de evento teste fornecido pelo Meta',
  // docs/product.md#screen-pixels, verbatim
  empty: 'Nenhum pixel cadastrado',
  // completions (the docs give no text)
  nameTooLong: 'Nome deve ter no máximo 100 caracteres',
  pixelIdInvalid: 'Pixel ID deve conter apenas números (5 a 20 dígitos)',
  accessTokenInvalid: 'Token de acesso inválido',
  testCodeTooLong: 'Código de evento teste muito longo',
  count: (count: number) => (count === 1 ? '1 pixel' : `${count} pixels`),
  confirmDelete: (name: string) => `Remover o pixel "${isolateText(name)}"? Os funis que o usam deixam de enviar eventos.`,
  statusOk: 'Funcionando',
  statusError: 'Erro no envio',
  statusUnused: 'Sem eventos ainda',
  lastError: (message: string) => `Último erro do Meta: ${message}`,
  testEventReceived: (count: number) => `O Meta recebeu ${count} ${count === 1 ? 'evento' : 'eventos'}.`,
  metaRefused: (message: string) => `O Meta recusou o evento: ${message}`,
  metaUnreachable: 'Não foi possível falar com o Meta agora. Tente de novo em instantes.',
} as const;

/** docs/product.md#toasts-funnels (pixels), verbatim. A failure toast shows the server's message when it has one. */
export const PIXEL_TOASTS = {
  createFailed: 'Não foi possível cadastrar o pixel',
  updateFailed: 'Não foi possível atualizar o pixel',
  testFailed: 'Não foi possível enviar o evento teste',
  deleteFailed: 'Erro ao remover pixel',
  loadFailed: 'Erro ao carregar pixels Meta',
  created: 'Pixel cadastrado com sucesso!',
  updated: 'Pixel atualizado com sucesso!',
  deleted: 'Pixel removido com sucesso',
  testSent: 'Evento teste enviado. Verifique o Events Manager.',
} as const;

const name = (required: string) =>
  storableString({ error: required })
    .trim()
    .min(1, { error: required })
    .max(PIXEL_LIMITS.nameMax, { error: PIXEL_TEXTS.nameTooLong });

const pixelId = (required: string) =>
  storableString({ error: required })
    .trim()
    .min(1, { error: required })
    .regex(new RegExp(`^\\d{${PIXEL_LIMITS.pixelIdMin},${PIXEL_LIMITS.pixelIdMax}}$`), { error: PIXEL_TEXTS.pixelIdInvalid });

const accessToken = storableString({ error: PIXEL_TEXTS.createRequired })
  .trim()
  .min(1, { error: PIXEL_TEXTS.createRequired })
  .min(PIXEL_LIMITS.accessTokenMin, { error: PIXEL_TEXTS.accessTokenInvalid })
  .max(PIXEL_LIMITS.accessTokenMax, { error: PIXEL_TEXTS.accessTokenInvalid })
  .regex(/^\S+$/, { error: PIXEL_TEXTS.accessTokenInvalid });

/** POST /pixels. */
export const createPixelInputSchema = z.object({
  name: name(PIXEL_TEXTS.createRequired),
  pixelId: pixelId(PIXEL_TEXTS.createRequired),
  accessToken,
});

/** PUT /pixels/{id}: a blank or absent token keeps the stored one (docs/product.md#rules-pixels). */
export const updatePixelInputSchema = z.object({
  name: name(PIXEL_TEXTS.editRequired),
  pixelId: pixelId(PIXEL_TEXTS.editRequired),
  accessToken: z
    .union([z.literal(''), accessToken])
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
});

/** POST /pixels/{id}/test-event. */
export const pixelTestEventInputSchema = z.object({
  testEventCode: storableString({ error: PIXEL_TEXTS.testCodeRequired })
    .trim()
    .min(1, { error: PIXEL_TEXTS.testCodeRequired })
    .max(PIXEL_LIMITS.testEventCodeMax, { error: PIXEL_TEXTS.testCodeTooLong }),
});

/**
 * How Meta treats the pixel's events: `unused` until one was sent, `ok` after an accepted batch, `error` after Meta
 * refused one (4xx: bad token, unknown pixel…) until a later batch is accepted. Network errors and 5xx are retried
 * and do not change it.
 */
export const PIXEL_STATUSES = ['unused', 'ok', 'error'] as const;
export type PixelStatus = (typeof PIXEL_STATUSES)[number];

/**
 * The pixel's funnel events on their way to Meta (GET /pixels): counts, what went wrong last and when the next try
 * is due. `pending` waits (never tried, or retrying after Meta or the network failed: `nextAttemptAt`); `failed`
 * will never be sent (Meta refused it, it was too old, or every retry failed). `lastError` is Meta's message or the
 * network's reason of the last attempt that did not deliver, kept after later successes (it explains `failed`).
 */
export const pixelDeliverySchema = z.object({
  delivered: z.number().int(),
  pending: z.number().int(),
  failed: z.number().int(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  /** The earliest moment a waiting event is tried (again); null when nothing waits. */
  nextAttemptAt: z.string().nullable(),
});

export const pixelSchema = z.object({
  id: z.string(),
  name: z.string(),
  pixelId: z.string(),
  /** The token masked, e.g. `EAAB••••••3xZq`; never the token. */
  tokenPreview: z.string(),
  status: z.enum(PIXEL_STATUSES),
  /** Meta's message of the last refused batch or test event; null when none (or after a later success). */
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  /** When Meta last accepted events from this pixel (funnel events or a test event). */
  lastEventAt: z.string().nullable(),
  /** Events waiting in the outbox (retrying or not yet sent); = delivery.pending. */
  pendingEvents: z.number().int(),
  delivery: pixelDeliverySchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** Meta's answer to a test event (docs/telegram.md#meta-capi). */
export const pixelTestEventResultSchema = z.object({
  eventsReceived: z.number().int(),
  fbtraceId: z.string().nullable(),
  messages: z.array(z.string()),
});

export const pixelResponseSchema = successEnvelope(z.object({ pixel: pixelSchema }));
export const pixelsResponseSchema = successEnvelope(z.object({ pixels: z.array(pixelSchema) }));
export const pixelTestEventResponseSchema = successEnvelope(z.object({ result: pixelTestEventResultSchema }));

export type Pixel = z.infer<typeof pixelSchema>;
export type PixelDelivery = z.infer<typeof pixelDeliverySchema>;
export type CreatePixelInput = z.input<typeof createPixelInputSchema>;
export type UpdatePixelInput = z.input<typeof updatePixelInputSchema>;
export type PixelTestEventResult = z.infer<typeof pixelTestEventResultSchema>;

/** The masked preview of a token: the first 4 and last 4 characters around a fixed run of dots. */
export function maskToken(token: string): string {
  const trimmed = token.trim();
  if (trimmed.length <= 8) return '••••••••';
  return `${trimmed.slice(0, 4)}••••••${trimmed.slice(-4)}`;
}

/**
 * Per-subtype node configuration (docs/product.md#node-subtypes) with the limits of docs/product.md#rules-nodes, #limits. Text fields may be empty: the
 * editor saves drafts as the user types, so "required" is the engine's concern, limits are the contract's.
 */
import { z } from 'zod';
import { findUnstorableText, storableString, UNSTORABLE_TEXT_MESSAGE } from '../api/storable-text.ts';
import type { NodeSubType } from './node-catalog.ts';
import { checkTelegramHtml } from '../telegram/html.ts';
import { flowButtonRowsSchema } from './buttons.ts';
import { ACCESS_EVENTS } from './access-events.ts';

export const PARSE_MODES = ['none', 'Markdown', 'HTML'] as const;
export const MEDIA_TYPES = ['photo', 'video', 'audio', 'document'] as const;
export const MEDIA_SOURCES = ['url', 'upload'] as const;
export const DELAY_UNITS = ['seconds', 'minutes', 'hours'] as const;
export const IF_OPERATORS = ['equals', 'notEquals', 'contains', 'notContains', 'greaterThan', 'lessThan'] as const;
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export const WATCH_FIELDS = ['firstName', 'lastName', 'phoneNumber', 'username'] as const;
export type WatchField = (typeof WATCH_FIELDS)[number];
/** docs/decisions.md#d-flows: 5 seconds in the node defaults and the panel alike. */
export const DEFAULT_DELAY_SECONDS = 5;
export const DEFAULT_PROBABILITY = 0.5;

const text = (max = 4096) => storableString().max(max).default('');
const parseMode = z.enum(PARSE_MODES).default('none');
/** Headers and body are JSON, kept as text when they do not parse (docs/product.md#rules-nodes). */
const jsonOrText = z
  .union([storableString(), z.record(z.string(), z.unknown()), z.array(z.unknown())])
  .refine((value) => !findUnstorableText(value), { error: UNSTORABLE_TEXT_MESSAGE });

/**
 * Bounds of an http_request node: a flow is stored, synced to every device and sent on each run, so a header
 * block or body template of megabytes is refused here rather than carried everywhere.
 */
export const HTTP_REQUEST_LIMITS = { url: 2048, headers: 50, headerName: 256, headerValue: 4096, headersText: 16_384, body: 65_536 } as const;
export const HTTP_REQUEST_TEXTS = {
  urlTooLong: `URL deve ter no máximo ${HTTP_REQUEST_LIMITS.url} caracteres`,
  tooManyHeaders: `Máximo de ${HTTP_REQUEST_LIMITS.headers} cabeçalhos`,
  headerNameTooLong: `Nome do cabeçalho deve ter no máximo ${HTTP_REQUEST_LIMITS.headerName} caracteres`,
  headerValueTooLong: `Valor do cabeçalho deve ter no máximo ${HTTP_REQUEST_LIMITS.headerValue} caracteres`,
  headersTooLong: `Cabeçalhos devem ter no máximo ${HTTP_REQUEST_LIMITS.headersText} caracteres`,
  bodyTooLong: `Corpo da requisição deve ter no máximo ${HTTP_REQUEST_LIMITS.body} caracteres`,
} as const;

export const MEDIA_URL_TEXTS = { notWeb: 'A URL da mídia deve começar com http:// ou https://' } as const;

/** Empty while drafting, a `{{variable}}` the engine checks once rendered, an uploaded file of this server, or an http(s) address. */
const mediaUrl = text(2048).refine((url) => url.trim() === '' || /^(\{\{|\/api\/media\/|https?:\/\/)/i.test(url.trim()), {
  error: MEDIA_URL_TEXTS.notWeb,
});

/** Texts sent in HTML mode are checked as Telegram parses them (shared/telegram/html.ts), when saved. */
const htmlChecked =
  <F extends 'message' | 'caption'>(field: F) =>
  <C extends { parseMode: string } & Record<F, string>>(config: C, ctx: z.RefinementCtx<C>) => {
    if (config.parseMode === 'HTML') checkTelegramHtml(config[field], ctx, [field]);
  };

/** Length as stored: the text itself, or the JSON the object becomes. */
const storedLength = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value) ?? '').length;

const headerValue = z.union([
  storableString().max(HTTP_REQUEST_LIMITS.headerValue, { error: HTTP_REQUEST_TEXTS.headerValueTooLong }),
  z.number(),
  z.boolean(),
]);
const httpHeaders = z
  .union([
    storableString(),
    z
      .record(storableString(), headerValue)
      .refine((headers) => Object.keys(headers).length <= HTTP_REQUEST_LIMITS.headers, { error: HTTP_REQUEST_TEXTS.tooManyHeaders })
      // A refinement, not a key schema: zod reports a bad record key as a bare "Invalid input".
      .refine((headers) => Object.keys(headers).every((name) => name.length <= HTTP_REQUEST_LIMITS.headerName), {
        error: HTTP_REQUEST_TEXTS.headerNameTooLong,
      }),
  ])
  .refine((headers) => storedLength(headers) <= HTTP_REQUEST_LIMITS.headersText, { error: HTTP_REQUEST_TEXTS.headersTooLong });
const httpBody = jsonOrText.refine((body) => storedLength(body) <= HTTP_REQUEST_LIMITS.body, { error: HTTP_REQUEST_TEXTS.bodyTooLong });

export const nodeConfigSchemas = {
  trigger_message: z.object({ pattern: text(1000) }),
  trigger_command: z.object({ command: storableString().max(64).default('/start') }),
  trigger_contact_created: z.object({}),
  trigger_contact_updated: z.object({ watchFields: z.array(z.enum(WATCH_FIELDS)).default([]) }),
  trigger_contact_from_funnel: z.object({ funnelId: text(100) }),
  trigger_button_clicked: z.object({ buttonData: text(64) }),
  /** An access event of the flow's bot; planId empty: any of the bot's plans. */
  trigger_access: z.object({ event: z.enum(ACCESS_EVENTS).default('expires_in_3_days'), planId: text(100) }),
  send_text: z.object({ message: text(), parseMode }).superRefine(htmlChecked('message')),
  send_media: z.object({
    mediaType: z.enum(MEDIA_TYPES).default('photo'),
    source: z.enum(MEDIA_SOURCES).default('url'),
    url: mediaUrl,
    blobUrl: storableString().max(2048).optional(),
    caption: text(1024),
    title: text(256),
    performer: text(256),
    duration: z.number().int().min(0, { error: 'Duração mínima é 0' }).optional(),
    fileName: text(256),
    parseMode,
  }).superRefine(htmlChecked('caption')),
  send_buttons: z.object({ message: text(), parseMode, buttons: flowButtonRowsSchema }).superRefine(htmlChecked('message')),
  delay: z.object({
    duration: z.number().int().min(1, { error: 'Duração mínima é 1' }).default(DEFAULT_DELAY_SECONDS),
    unit: z.enum(DELAY_UNITS).default('seconds'),
  }),
  if_else: z.object({ variable: text(200), operator: z.enum(IF_OPERATORS).default('equals'), value: text(1000) }),
  random: z.object({ probability: z.number().min(0).max(1).default(DEFAULT_PROBABILITY) }),
  http_request: z.object({
    method: z.enum(HTTP_METHODS).default('GET'),
    url: storableString().max(HTTP_REQUEST_LIMITS.url, { error: HTTP_REQUEST_TEXTS.urlTooLong }).default(''),
    headers: httpHeaders.default({}),
    body: httpBody.default(''),
  }),
} satisfies Record<NodeSubType, z.ZodType>;

export type NodeConfigs = { [K in NodeSubType]: z.output<(typeof nodeConfigSchemas)[K]> };
export type NodeConfig = NodeConfigs[NodeSubType];
/** A subtype with its parsed configuration, discriminated by subType: a switch on it needs no casts. */
export type TypedNodeConfig = { [K in NodeSubType]: { subType: K; config: NodeConfigs[K] } }[NodeSubType];

/** A new node's configuration: every default of its subtype (send_buttons starts with one button). */
export function defaultNodeConfig(subType: NodeSubType): Record<string, unknown> {
  return nodeConfigSchemas[subType].parse({});
}

export function parseNodeConfig(subType: NodeSubType, config: unknown) {
  return nodeConfigSchemas[subType].safeParse(config ?? {});
}

/** The configuration parsed with its subtype's schema, tagged with the subtype; undefined when it does not parse. */
export function parseTypedNodeConfig(subType: NodeSubType, config: unknown): TypedNodeConfig | undefined {
  const parsed = parseNodeConfig(subType, config);
  // The data was parsed by the schema keyed by this very subtype; TypeScript cannot correlate an indexed schema
  // with its key, so the pairing is asserted here, once, instead of at every use.
  return parsed.success ? ({ subType, config: parsed.data } as TypedNodeConfig) : undefined;
}

/**
 * The request side of the broadcasts contract (docs/product.md#entity-broadcast, #rules-broadcasts, #api-broadcasts,
 * docs/decisions.md#d-broadcasts): the pieces (media, buttons, audience), the create / update / duplicate inputs and
 * the list queries. The form and the server validate with these schemas. Texts live in texts.ts, the statuses in
 * status-machine.ts, the answers in answers.ts.
 *
 * Save semantics (POST / PATCH): a broadcast saved with a future `scheduledFor` is SCHEDULED, without one it is a
 * DRAFT. "Blank sends right after saving" (product.md#screen-broadcast-form) is the client's job: save, then
 * `POST /broadcasts/{id}/send`. PATCH changes only the fields sent; a blank `scheduledFor`, `mediaUrl` or `caption`
 * is left out (unchanged), an explicit `null` clears it.
 */
import { z } from 'zod';
import { storableString } from '../api/storable-text.ts';
import { checkTelegramHtml } from '../telegram/html.ts';
import { BROADCAST_STATUSES, RECIPIENT_STATUSES } from './status-machine.ts';
import { BROADCAST_LIMITS, BROADCAST_TEXTS } from './texts.ts';

export const BROADCAST_MEDIA_TYPES = ['IMAGE', 'VIDEO', 'AUDIO', 'DOCUMENT'] as const;
export type BroadcastMediaType = (typeof BROADCAST_MEDIA_TYPES)[number];
export const BROADCAST_MEDIA_LABELS: Record<BroadcastMediaType, string> = { IMAGE: 'Imagem', VIDEO: 'Vídeo', AUDIO: 'Áudio', DOCUMENT: 'Arquivo' };

/** ALL: the bot's contacts; SELECTED: the ones picked; LABEL: the bot's contacts carrying one label (labelId). */
export const BROADCAST_TARGET_TYPES = ['ALL', 'SELECTED', 'LABEL'] as const;
export type BroadcastTargetType = (typeof BROADCAST_TARGET_TYPES)[number];

/** Text is sent with parse_mode HTML (basic bold and italic, docs/product.md#screen-broadcast-form). */
export const BROADCAST_PARSE_MODE = 'HTML';
export const BROADCAST_HTML_HINT = 'Use <b>negrito</b> e <i>itálico</i> (HTML básico).';

/**
 * A new button (docs/product.md#rules-broadcasts): type url, empty text and value. Its types are named as in the
 * flow editor and the welcome editor; the placeholders are examples of a value (the spec's "{host}" read as a
 * template to fill in, so the example is an address).
 */
export const NEW_BROADCAST_BUTTON = { text: '', type: 'url', value: '' } as const;
export const BUTTON_TYPE_LABELS = { url: 'Link', callback: 'Ação no bot' } as const;
export const BUTTON_VALUE_PLACEHOLDER = { url: 'https://exemplo.com.br', callback: 'saber_mais' } as const;

const UPLOADED_MEDIA = /^\/api\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The uploaded file's id when `url` is this server's media URL (`/api/media/{id}`), else undefined. */
export function broadcastUploadedMediaId(url: string | null | undefined): string | undefined {
  const match = url ? UPLOADED_MEDIA.exec(url.trim()) : null;
  return match?.[1]?.toLowerCase();
}

function isHttpUrl(value: string) {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const byteLength = (value: string) => new TextEncoder().encode(value).length;

export const broadcastButtonSchema = z
  .object({
    text: storableString({ error: BROADCAST_TEXTS.buttonTextEmpty })
      .trim()
      .min(1, { error: BROADCAST_TEXTS.buttonTextEmpty })
      .max(BROADCAST_LIMITS.buttonTextMax, { error: BROADCAST_TEXTS.buttonTextTooLong }),
    type: z.enum(['url', 'callback'], { error: 'Tipo de botão inválido' }).default('url'),
    value: storableString({ error: BROADCAST_TEXTS.buttonValueEmpty })
      .trim()
      .min(1, { error: BROADCAST_TEXTS.buttonValueEmpty })
      .max(BROADCAST_LIMITS.buttonValueMax),
  })
  .superRefine((button, ctx) => {
    if (button.type === 'url' && !isHttpUrl(button.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: BROADCAST_TEXTS.buttonUrlInvalid(button.text) });
    }
    if (button.type === 'callback' && byteLength(button.value) > BROADCAST_LIMITS.callbackBytesMax) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: BROADCAST_TEXTS.callbackTooLong(button.text) });
    }
  });

export const broadcastButtonRowSchema = z.object({
  buttons: z
    .array(broadcastButtonSchema)
    .min(1, { error: BROADCAST_TEXTS.emptyRow })
    .max(BROADCAST_LIMITS.maxButtonsPerRow, { error: BROADCAST_TEXTS.tooManyButtonsPerRow }),
});

export const broadcastButtonRowsSchema = z
  .array(broadcastButtonRowSchema)
  .max(BROADCAST_LIMITS.maxButtonRows, { error: BROADCAST_TEXTS.tooManyRows });

/** Blank optional texts are left out of the payload (docs/product.md#rules-broadcasts): '' reads as "not sent". */
const blankAsAbsent = <T extends z.ZodType<string>>(schema: T) =>
  z
    .union([z.literal(''), schema])
    .nullable()
    .optional()
    .transform((value) => (value === '' ? undefined : (value as z.output<T> | null | undefined)));

const mediaUrlSchema = storableString({ error: BROADCAST_TEXTS.mediaUrlInvalid })
  .trim()
  .max(BROADCAST_LIMITS.mediaUrlMax, { error: BROADCAST_TEXTS.mediaUrlInvalid })
  .refine((url) => isHttpUrl(url) || broadcastUploadedMediaId(url) !== undefined, { error: BROADCAST_TEXTS.mediaUrlInvalid });

const scheduledForSchema = z.iso.datetime({ offset: true, error: BROADCAST_TEXTS.scheduleInvalid });

/** The schedule must be in the future when saved (checked by the form and again by the server). */
export const scheduleIssue = (scheduledFor: string | null | undefined, now = Date.now()) =>
  scheduledFor && Date.parse(scheduledFor) <= now ? BROADCAST_TEXTS.scheduleInPast : undefined;

const broadcastFields = {
  name: storableString({ error: BROADCAST_TEXTS.nameRequired })
    .trim()
    .min(1, { error: BROADCAST_TEXTS.nameRequired })
    .max(BROADCAST_LIMITS.nameMax, { error: BROADCAST_TEXTS.nameTooLong }),
  botId: z.uuid({ error: BROADCAST_TEXTS.botRequired }),
  /** The text without media, ignored (kept) with media; HTML bold and italic. */
  message: storableString()
    .max(BROADCAST_LIMITS.messageMax, { error: BROADCAST_TEXTS.messageTooLong })
    .superRefine((message, ctx) => checkTelegramHtml(message, ctx, [])),
  mediaType: z.enum(BROADCAST_MEDIA_TYPES, { error: 'Tipo de mídia inválido' }).nullable(),
  /** An http(s) URL Telegram fetches, or an uploaded file (`/api/media/{id}`, POST /media/upload's data.url). */
  mediaUrl: blankAsAbsent(mediaUrlSchema),
  /** The text with media (≤ 1024). */
  caption: blankAsAbsent(
    storableString()
      .max(BROADCAST_LIMITS.captionMax, { error: BROADCAST_TEXTS.captionTooLong })
      .superRefine((caption, ctx) => checkTelegramHtml(caption, ctx, [])),
  ),
  buttons: broadcastButtonRowsSchema,
  targetType: z.enum(BROADCAST_TARGET_TYPES, { error: 'Público inválido' }),
  /** Contacts of the broadcast's bot (SELECTED); ignored and stored empty with ALL. */
  contactIds: z
    .array(z.uuid({ error: BROADCAST_TEXTS.contactInvalid }))
    .max(BROADCAST_LIMITS.maxContactIds, { error: BROADCAST_TEXTS.tooManyContacts }),
  scheduledFor: blankAsAbsent(scheduledForSchema),
  /** The workspace's label of a LABEL audience; ignored and stored null otherwise. */
  labelId: z.uuid({ error: BROADCAST_TEXTS.labelRequired }).nullable(),
};

type ContentShape = {
  message?: string | undefined;
  mediaType?: BroadcastMediaType | null | undefined;
  mediaUrl?: string | null | undefined;
  targetType?: BroadcastTargetType | undefined;
  contactIds?: string[] | undefined;
  labelId?: string | null | undefined;
};

/** Cross-field rules of a complete broadcast (create, or an update merged with the stored row). */
export function broadcastContentIssues(input: ContentShape): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (input.mediaType) {
    if (!input.mediaUrl) issues.push({ path: 'mediaUrl', message: BROADCAST_TEXTS.mediaUrlRequired });
  } else {
    if (input.mediaUrl) issues.push({ path: 'mediaType', message: BROADCAST_TEXTS.mediaTypeRequired });
    if (!input.message?.trim()) issues.push({ path: 'message', message: BROADCAST_TEXTS.messageRequired });
  }
  if (input.targetType === 'SELECTED' && (input.contactIds?.length ?? 0) === 0) {
    issues.push({ path: 'contactIds', message: BROADCAST_TEXTS.contactsRequired });
  }
  if (input.targetType === 'LABEL' && !input.labelId) issues.push({ path: 'labelId', message: BROADCAST_TEXTS.labelRequired });
  return issues;
}

/** The create fields without the cross-field rules (for `.omit`); use `createBroadcastInputSchema`. */
export const createBroadcastFieldsSchema = z.object({
    id: z.uuid({ error: BROADCAST_TEXTS.idInvalid }).optional(),
    name: broadcastFields.name,
    botId: broadcastFields.botId,
    message: broadcastFields.message.default(''),
    mediaType: broadcastFields.mediaType.optional(),
    mediaUrl: broadcastFields.mediaUrl,
    caption: broadcastFields.caption,
    buttons: broadcastFields.buttons.default([]),
    targetType: broadcastFields.targetType.default('ALL'),
    contactIds: broadcastFields.contactIds.default([]),
    labelId: broadcastFields.labelId.default(null),
    scheduledFor: broadcastFields.scheduledFor,
});

/** Adds the cross-field rules to a create-shaped schema. */
export const withContentRules = <T extends z.ZodType<ContentShape>>(schema: T) =>
  schema.superRefine((input, ctx) => {
    for (const issue of broadcastContentIssues(input)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });

/** POST /broadcasts (and `broadcast.create` with the client's id). */
export const createBroadcastInputSchema = withContentRules(createBroadcastFieldsSchema);

/**
 * PATCH /broadcasts/{id}: the fields sent change; `null` clears mediaType, mediaUrl, caption or scheduledFor. The
 * merged broadcast must still satisfy `broadcastContentIssues` (checked by the server). botId may change while
 * the broadcast was never sent.
 */
export const updateBroadcastInputSchema = z.object({
  name: broadcastFields.name.optional(),
  botId: broadcastFields.botId.optional(),
  message: broadcastFields.message.optional(),
  mediaType: broadcastFields.mediaType.optional(),
  mediaUrl: broadcastFields.mediaUrl,
  caption: broadcastFields.caption,
  buttons: broadcastFields.buttons.optional(),
  targetType: broadcastFields.targetType.optional(),
  contactIds: broadcastFields.contactIds.optional(),
  labelId: broadcastFields.labelId.optional(),
  scheduledFor: broadcastFields.scheduledFor,
});

/** POST /broadcasts/{id}/duplicate: the copy is a DRAFT with the same content and audience. */
export const duplicateBroadcastInputSchema = z.object({ name: broadcastFields.name });

const pageParam = z.coerce.number({ error: 'Página inválida' }).int({ error: 'Página inválida' }).min(1, { error: 'Página inválida' }).default(1);
const limitParam = (fallback: number) =>
  z.coerce
    .number({ error: 'Limite inválido' })
    .int({ error: 'Limite inválido' })
    .min(1, { error: 'Limite inválido' })
    .max(BROADCAST_LIMITS.maxPageSize, { error: 'Limite máximo de 100 por página' })
    .default(fallback);

/** GET /broadcasts: newest first. */
export const broadcastListQuerySchema = z.object({
  page: pageParam,
  limit: limitParam(BROADCAST_LIMITS.pageSize),
  botId: z.uuid({ error: 'Bot inválido' }).optional(),
  status: z.enum(BROADCAST_STATUSES, { error: 'Status inválido' }).optional(),
  search: storableString().trim().max(BROADCAST_LIMITS.searchMax, { error: 'Busca muito longa' }).optional(),
});

/** GET /broadcasts/stats?botId. */
export const broadcastStatsQuerySchema = z.object({ botId: z.uuid({ error: 'Bot inválido' }).optional() });

/**
 * GET /broadcasts/{id}/recipients: the per-recipient outcomes in audience order. `status=failed` is the failures
 * filter (failed and skipped); any other status filters exactly.
 */
export const broadcastRecipientsQuerySchema = z.object({
  page: pageParam,
  limit: limitParam(BROADCAST_LIMITS.recipientsPageSize),
  status: z.enum(RECIPIENT_STATUSES, { error: 'Status inválido' }).optional(),
});

export type CreateBroadcastInput = z.input<typeof createBroadcastInputSchema>;
export type ParsedCreateBroadcastInput = z.output<typeof createBroadcastInputSchema>;
export type UpdateBroadcastInput = z.input<typeof updateBroadcastInputSchema>;
export type ParsedUpdateBroadcastInput = z.output<typeof updateBroadcastInputSchema>;
export type DuplicateBroadcastInput = z.input<typeof duplicateBroadcastInputSchema>;
export type BroadcastListQuery = z.input<typeof broadcastListQuerySchema>;
export type BroadcastRecipientsQuery = z.input<typeof broadcastRecipientsQuerySchema>;

/**
 * Broadcasts ("Disparos em Massa") contract: docs/product.md#entity-broadcast, #state-broadcast, #rules-broadcasts,
 * #api-broadcasts, #toasts-broadcasts, #screen-broadcast-*, #limits and docs/decisions.md#d-broadcasts. The form and
 * the server validate with these schemas; texts quoted in the docs are verbatim.
 *
 * Save semantics (POST / PATCH): a broadcast saved with a future `scheduledFor` is SCHEDULED, without one it is a
 * DRAFT. "Blank sends right after saving" (product.md#screen-broadcast-form) is the client's job: save, then
 * `POST /broadcasts/{id}/send`. PATCH changes only the fields sent; a blank `scheduledFor`, `mediaUrl` or `caption`
 * is left out (unchanged), an explicit `null` clears it.
 */
import { z } from 'zod';
import { paginationSchema, successEnvelope } from '../api/envelope.ts';
import { storableString } from '../api/storable-text.ts';

// ---------------------------------------------------------------------------------------------------------------
// Limits and texts
// ---------------------------------------------------------------------------------------------------------------

/** docs/product.md#limits (broadcasts) and docs/telegram.md#tg-limits. */
export const BROADCAST_LIMITS = {
  pageSize: 20,
  maxPageSize: 100,
  maxButtonRows: 10,
  maxButtonsPerRow: 3,
  buttonTextMax: 64,
  buttonValueMax: 2048,
  /** Telegram's callback_data limit, in UTF-8 bytes. */
  callbackBytesMax: 64,
  nameMax: 120,
  messageMax: 4096,
  captionMax: 1024,
  mediaUrlMax: 2048,
  searchMax: 100,
  /** A SELECTED audience names at most this many contacts (a bigger audience is "all contacts"). */
  maxContactIds: 20_000,
  /** ms between two progress polls on the detail screen. */
  progressPollMs: 2000,
  /** Default per-bot sending rate (messages a second); configurable per bot up to `maxRatePerSecond`. */
  defaultRatePerSecond: 30,
  maxRatePerSecond: 1000,
  /** At most one message a second to one chat. */
  perChatIntervalMs: 1000,
  /** Per-recipient outcome list page size. */
  recipientsPageSize: 50,
} as const;

export const BROADCAST_TEXTS = {
  // docs/product.md#rules-broadcasts, verbatim
  nameRequired: 'Nome é obrigatório',
  botRequired: 'Bot é obrigatório',
  tooManyButtonsPerRow: 'Máximo de 3 botões por linha',
  // completions of the form's rules (the docs give no text)
  nameTooLong: 'Nome deve ter no máximo 120 caracteres',
  tooManyRows: 'Máximo de 10 linhas de botões',
  emptyRow: 'Uma linha precisa de pelo menos 1 botão',
  buttonTextEmpty: 'Texto do botão não pode ser vazio',
  buttonTextTooLong: 'Texto do botão deve ter no máximo 64 caracteres',
  buttonValueEmpty: 'Valor do botão não pode ser vazio',
  buttonUrlInvalid: (text: string) => `URL do botão inválida: ${text}`,
  callbackTooLong: (text: string) => `Valor do botão grande demais para o Telegram (máximo 64 bytes): ${text}`,
  messageRequired: 'Mensagem é obrigatória',
  messageTooLong: 'Mensagem deve ter no máximo 4096 caracteres',
  captionTooLong: 'Legenda deve ter no máximo 1024 caracteres',
  mediaUrlRequired: 'URL da mídia é obrigatória',
  mediaUrlInvalid: 'URL da mídia inválida',
  mediaTypeRequired: 'Selecione o tipo de mídia',
  contactsRequired: 'Selecione pelo menos um contato',
  tooManyContacts: 'Máximo de 20000 contatos selecionados',
  contactInvalid: 'Contato inválido',
  contactsOfBot: 'Contatos selecionados não pertencem a este bot',
  scheduleInvalid: 'Data de agendamento inválida',
  scheduleInPast: 'A data de agendamento deve ser no futuro',
  idInvalid: 'Identificador inválido',
  // docs/product.md#confirmations, verbatim
  confirmSend: 'Deseja enviar este broadcast agora?',
  confirmDelete: 'Tem certeza que deseja deletar este broadcast?',
  confirmCancel: 'Deseja cancelar este broadcast?',
  confirmStop: 'Deseja parar este broadcast? Os contatos ainda não enviados ficam para um próximo envio.',
  // docs/product.md#screen-broadcasts, #screen-broadcast-detail
  empty: 'Nenhum disparo encontrado',
  emptyHint: 'Comece criando seu primeiro disparo em massa',
  allContacts: 'Todos os contatos',
  selectedContacts: (count: number) => `${count} selecionados`,
  failures: (count: number) => `${count} falhas`,
  autoRefresh: 'Atualizando automaticamente...',
  buttonFallback: 'Botão',
  page: (page: number, pages: number) => `Página ${page} de ${pages}`,
  // error texts the server writes on a broadcast or a recipient
  stoppedByUser: 'Envio parado pelo usuário',
  noneSent: 'Nenhuma mensagem foi entregue',
  tokenRevoked: 'O Telegram recusou o token deste bot. Cadastre um token válido.',
  reasonBlocked: 'Contato bloqueou o bot',
  reasonDeactivated: 'Conta do contato desativada',
  reasonCantInitiate: 'O contato nunca iniciou conversa com o bot',
  reasonChatNotFound: 'Chat não encontrado',
  reasonPreviouslyBlocked: 'Contato bloqueou o bot (envio anterior)',
  reasonUncertain: 'Resultado incerto: o envio foi interrompido sem confirmação do Telegram; não reenviado',
  reasonNetwork: 'Falha de rede ao enviar para o Telegram',
  reasonMediaUnavailable: 'Mídia indisponível',
} as const;

/** docs/product.md#toasts-broadcasts, verbatim. A failure toast shows the server's message when it has one. */
export const BROADCAST_TOASTS = {
  loadListFailed: 'Erro ao carregar broadcasts',
  loadFailed: 'Erro ao carregar broadcast',
  duplicateFailed: 'Erro ao duplicar broadcast',
  saveFailed: 'Erro ao salvar broadcast',
  sendFailed: 'Erro ao enviar broadcast',
  deleteFailed: 'Erro ao deletar broadcast',
  cancelFailed: 'Erro ao cancelar broadcast',
  stopFailed: 'Erro ao parar broadcast',
  saveFirst: 'Salve o broadcast primeiro',
  loadBotsFailed: 'Erro ao carregar bots',
  loadContactsFailed: 'Erro ao carregar contatos',
  created: 'Broadcast criado com sucesso!',
  updated: 'Broadcast atualizado com sucesso!',
  duplicated: 'Broadcast duplicado com sucesso',
  started: 'Broadcast iniciado!',
  startedFollow: 'Broadcast iniciado! Acompanhe o progresso.',
  deleted: 'Broadcast deletado com sucesso',
  cancelled: 'Broadcast cancelado com sucesso',
  stopped: 'Broadcast parado com sucesso',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Status machine (docs/product.md#state-broadcast)
// ---------------------------------------------------------------------------------------------------------------

export const BROADCAST_STATUSES = ['DRAFT', 'SCHEDULED', 'SENDING', 'COMPLETED', 'FAILED', 'CANCELLED'] as const;
export type BroadcastStatus = (typeof BROADCAST_STATUSES)[number];

export const BROADCAST_STATUS_LABELS: Record<BroadcastStatus, string> = {
  DRAFT: 'Rascunho',
  SCHEDULED: 'Agendado',
  SENDING: 'Enviando',
  COMPLETED: 'Concluído',
  FAILED: 'Falhou',
  CANCELLED: 'Cancelado',
};

/**
 * Every allowed transition; anything else answers 422 BROADCAST_INVALID_TRANSITION. `stop` ('Parar') is
 * SENDING → FAILED with "Envio parado pelo usuário": the unsent recipients are kept and FAILED → SENDING sends
 * only those.
 */
export const BROADCAST_TRANSITIONS = [
  { from: 'DRAFT', to: 'SCHEDULED', when: 'save' },
  { from: 'DRAFT', to: 'SENDING', when: 'send' },
  { from: 'SCHEDULED', to: 'SENDING', when: 'send' },
  { from: 'SCHEDULED', to: 'SENDING', when: 'schedule' },
  { from: 'SCHEDULED', to: 'CANCELLED', when: 'cancel' },
  { from: 'SENDING', to: 'COMPLETED', when: 'finished' },
  { from: 'SENDING', to: 'FAILED', when: 'finished' },
  { from: 'SENDING', to: 'FAILED', when: 'fatal' },
  { from: 'SENDING', to: 'FAILED', when: 'stop' },
  { from: 'FAILED', to: 'SENDING', when: 'send' },
] as const satisfies readonly { from: BroadcastStatus; to: BroadcastStatus; when: string }[];

export const canTransition = (from: BroadcastStatus, to: BroadcastStatus) =>
  BROADCAST_TRANSITIONS.some((transition) => transition.from === from && transition.to === to);

/** What the interface offers per status (docs/product.md#screen-broadcasts, #screen-broadcast-detail). */
export const BROADCAST_ACTIONS = {
  details: BROADCAST_STATUSES,
  edit: ['DRAFT', 'SCHEDULED', 'FAILED'],
  send: ['DRAFT', 'SCHEDULED', 'FAILED'],
  cancel: ['SCHEDULED'],
  stop: ['SENDING'],
  duplicate: BROADCAST_STATUSES,
  delete: ['DRAFT', 'SCHEDULED', 'COMPLETED', 'FAILED', 'CANCELLED'],
} as const satisfies Record<string, readonly BroadcastStatus[]>;
export type BroadcastAction = keyof typeof BROADCAST_ACTIONS;

export const canDo = (action: BroadcastAction, status: BroadcastStatus) =>
  (BROADCAST_ACTIONS[action] as readonly BroadcastStatus[]).includes(status);

/** The pt-BR text of a refused transition (the 422's message). */
export const transitionRefusal = (from: BroadcastStatus, action: string) =>
  `Não é possível ${action} um broadcast com status ${BROADCAST_STATUS_LABELS[from]}`;

// ---------------------------------------------------------------------------------------------------------------
// Pieces
// ---------------------------------------------------------------------------------------------------------------

export const BROADCAST_MEDIA_TYPES = ['IMAGE', 'VIDEO', 'AUDIO', 'DOCUMENT'] as const;
export type BroadcastMediaType = (typeof BROADCAST_MEDIA_TYPES)[number];
export const BROADCAST_MEDIA_LABELS: Record<BroadcastMediaType, string> = { IMAGE: 'Imagem', VIDEO: 'Vídeo', AUDIO: 'Áudio', DOCUMENT: 'Arquivo' };

export const BROADCAST_TARGET_TYPES = ['ALL', 'SELECTED'] as const;
export type BroadcastTargetType = (typeof BROADCAST_TARGET_TYPES)[number];

/** Text is sent with parse_mode HTML (basic bold and italic, docs/product.md#screen-broadcast-form). */
export const BROADCAST_PARSE_MODE = 'HTML';
export const BROADCAST_HTML_HINT = 'Use <b>negrito</b> e <i>itálico</i> (HTML básico).';

/** A new button (docs/product.md#rules-broadcasts): type url, empty text and value; placeholders by type. */
export const NEW_BROADCAST_BUTTON = { text: '', type: 'url', value: '' } as const;
export const BUTTON_VALUE_PLACEHOLDER = { url: '{host}', callback: 'callback_data' } as const;

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
  message: storableString().max(BROADCAST_LIMITS.messageMax, { error: BROADCAST_TEXTS.messageTooLong }),
  mediaType: z.enum(BROADCAST_MEDIA_TYPES, { error: 'Tipo de mídia inválido' }).nullable(),
  /** An http(s) URL Telegram fetches, or an uploaded file (`/api/media/{id}`, POST /media/upload's data.url). */
  mediaUrl: blankAsAbsent(mediaUrlSchema),
  /** The text with media (≤ 1024). */
  caption: blankAsAbsent(storableString().max(BROADCAST_LIMITS.captionMax, { error: BROADCAST_TEXTS.captionTooLong })),
  buttons: broadcastButtonRowsSchema,
  targetType: z.enum(BROADCAST_TARGET_TYPES, { error: 'Público inválido' }),
  /** Contacts of the broadcast's bot (SELECTED); ignored and stored empty with ALL. */
  contactIds: z
    .array(z.uuid({ error: BROADCAST_TEXTS.contactInvalid }))
    .max(BROADCAST_LIMITS.maxContactIds, { error: BROADCAST_TEXTS.tooManyContacts }),
  scheduledFor: blankAsAbsent(scheduledForSchema),
};

type ContentShape = {
  message?: string | undefined;
  mediaType?: BroadcastMediaType | null | undefined;
  mediaUrl?: string | null | undefined;
  targetType?: BroadcastTargetType | undefined;
  contactIds?: string[] | undefined;
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
  return issues;
}

// ---------------------------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------------------------

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

export const RECIPIENT_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];
export const RECIPIENT_STATUS_LABELS: Record<RecipientStatus, string> = { pending: 'Pendente', sent: 'Enviado', failed: 'Falhou', skipped: 'Ignorado' };

/**
 * GET /broadcasts/{id}/recipients: the per-recipient outcomes in audience order. `status=failed` is the failures
 * filter (failed and skipped); any other status filters exactly.
 */
export const broadcastRecipientsQuerySchema = z.object({
  page: pageParam,
  limit: limitParam(BROADCAST_LIMITS.recipientsPageSize),
  status: z.enum(RECIPIENT_STATUSES, { error: 'Status inválido' }).optional(),
});

// ---------------------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------------------

export const broadcastButtonViewSchema = z.object({ text: z.string(), type: z.enum(['url', 'callback']), value: z.string() });

/** Exact counts, read from the per-recipient table (never counters). Before the first send all are 0. */
export const broadcastStatisticsSchema = z.object({
  total: z.number().int(),
  sent: z.number().int(),
  /** failed + skipped. */
  failed: z.number().int(),
  skipped: z.number().int(),
  pending: z.number().int(),
});

/** The broadcast as every endpoint answers it (docs/product.md#entity-broadcast plus statistics and media). */
export const broadcastSchema = z.object({
  id: z.string(),
  name: z.string(),
  botId: z.string(),
  bot: z.object({ name: z.string(), username: z.string() }),
  message: z.string(),
  parseMode: z.literal(BROADCAST_PARSE_MODE),
  mediaType: z.enum(BROADCAST_MEDIA_TYPES).nullable(),
  mediaUrl: z.string().nullable(),
  caption: z.string().nullable(),
  /** The same media, resolved: an uploaded file's id when mediaUrl is `/api/media/{id}`. */
  media: z
    .object({ type: z.enum(BROADCAST_MEDIA_TYPES), url: z.string(), uploadedMediaId: z.string().nullable(), caption: z.string().nullable() })
    .nullable(),
  buttons: z.array(z.object({ buttons: z.array(broadcastButtonViewSchema) })),
  targetType: z.enum(BROADCAST_TARGET_TYPES),
  contactIds: z.array(z.string()),
  scheduledFor: z.string().nullable(),
  status: z.enum(BROADCAST_STATUSES),
  /** = statistics.sent / statistics.failed / statistics.total. */
  sentCount: z.number().int(),
  failedCount: z.number().int(),
  totalCount: z.number().int(),
  statistics: broadcastStatisticsSchema,
  /** Messages a second this bot sends broadcasts at (shared by its broadcasts). */
  ratePerSecond: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  error: z.string().nullable(),
});

/** GET /broadcasts/{id}/progress. current = sent + failed; percentage = round(current / total × 100), 0 when total is 0. */
export const broadcastProgressSchema = z.object({
  status: z.enum(BROADCAST_STATUSES),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  pending: z.number().int(),
  total: z.number().int(),
  current: z.number().int(),
  percentage: z.number().int(),
});

export function progressOf(counts: { sent: number; failed: number; total: number }) {
  const current = counts.sent + counts.failed;
  return { current, percentage: counts.total === 0 ? 0 : Math.round((current / counts.total) * 100) };
}

/** GET /broadcasts/stats. averageSuccessRate: mean of sent / total × 100 over broadcasts with recipients, 1 decimal. */
export const broadcastStatsSchema = z.object({
  total: z.number().int(),
  totalSent: z.number().int(),
  totalFailed: z.number().int(),
  averageSuccessRate: z.number(),
});

export const broadcastRecipientSchema = z.object({
  contactId: z.string().nullable(),
  telegramId: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  username: z.string().nullable(),
  /** A recipient being sent right now reads as pending. */
  status: z.enum(RECIPIENT_STATUSES),
  reason: z.string().nullable(),
  telegramMessageId: z.string().nullable(),
  updatedAt: z.string(),
});

export const broadcastResponseSchema = successEnvelope(z.object({ broadcast: broadcastSchema }));
export const broadcastsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ broadcasts: z.array(broadcastSchema) }),
  pagination: paginationSchema,
});
export const broadcastProgressResponseSchema = successEnvelope(z.object({ progress: broadcastProgressSchema }));
export const broadcastStatsResponseSchema = successEnvelope(z.object({ stats: broadcastStatsSchema }));
export const broadcastRecipientsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ recipients: z.array(broadcastRecipientSchema) }),
  pagination: paginationSchema,
});
export const broadcastDeletedResponseSchema = successEnvelope(z.object({ deleted: z.literal(true) }));

export type Broadcast = z.infer<typeof broadcastSchema>;
export type BroadcastButton = z.infer<typeof broadcastButtonViewSchema>;
export type BroadcastButtonRow = Broadcast['buttons'][number];
export type BroadcastStatistics = z.infer<typeof broadcastStatisticsSchema>;
export type BroadcastProgress = z.infer<typeof broadcastProgressSchema>;
export type BroadcastStats = z.infer<typeof broadcastStatsSchema>;
export type BroadcastRecipient = z.infer<typeof broadcastRecipientSchema>;
export type CreateBroadcastInput = z.input<typeof createBroadcastInputSchema>;
export type ParsedCreateBroadcastInput = z.output<typeof createBroadcastInputSchema>;
export type UpdateBroadcastInput = z.input<typeof updateBroadcastInputSchema>;
export type ParsedUpdateBroadcastInput = z.output<typeof updateBroadcastInputSchema>;
export type DuplicateBroadcastInput = z.input<typeof duplicateBroadcastInputSchema>;
export type BroadcastListQuery = z.input<typeof broadcastListQuerySchema>;
export type BroadcastRecipientsQuery = z.input<typeof broadcastRecipientsQuerySchema>;

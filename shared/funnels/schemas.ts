/**
 * Funnels contract: docs/product.md#entity-funnel, #state-funnel, #rules-funnels, #api-funnels, #screen-funnels,
 * #toasts-funnels and docs/decisions.md#d-funnels-pixel. The screen and the server validate with these schemas;
 * texts quoted in the docs are verbatim. The public tracking calls are in ./tracking.ts.
 *
 * `channelId` is the id of the channel row (`GET /bots/{id}/channels` → `channels[].id`), not the Telegram chat id.
 */
import { z } from 'zod';
import { successEnvelope } from '../api/envelope.ts';
import { storableString } from '../api/storable-text.ts';
import { isolateText } from '../text/invisible.ts';

export const FUNNEL_LIMITS = {
  nameMax: 100,
  descriptionMax: 500,
  landingUrlMax: 2048,
  /** Telegram's invite link name limit (docs/telegram.md#tg-join-requests): the funnel name is cut to it. */
  inviteLinkNameMax: 32,
  metricsDays: [7, 30, 90] as const,
  defaultMetricsDays: 30,
  /** The card's conversion (visits → clicks → entries) counts the last this many days (× 24 h). */
  conversionDays: 30,
  /** A per-visit invite link (member_limit 1) stays valid this long. */
  visitLinkTtlSeconds: 24 * 60 * 60,
} as const;

export type MetricsDays = (typeof FUNNEL_LIMITS.metricsDays)[number];

export const FUNNEL_TEXTS = {
  // docs/product.md#rules-funnels, verbatim
  requiredFields: 'Preencha todos os campos obrigatórios',
  // completions (the docs give no text)
  landingUrlInvalid: 'URL da página inválida',
  nameTooLong: 'Nome deve ter no máximo 100 caracteres',
  descriptionTooLong: 'Descrição deve ter no máximo 500 caracteres',
  idInvalid: 'Identificador inválido',
  botInvalid: 'Bot inválido',
  channelInvalid: 'Canal inválido',
  pixelInvalid: 'Pixel inválido',
  daysInvalid: 'Período inválido: use 7, 30 ou 90 dias',
  timeZoneInvalid: 'Fuso horário inválido',
  channelNeedsInvite: 'O bot precisa ser administrador deste canal com permissão para convidar usuários.',
  channelOfOtherBot: 'Este canal não pertence ao bot escolhido',
  botInactive: 'Ative o bot antes de criar um funil',
  inviteLinkFailed: (reason: string) => `O Telegram não criou o link de convite: ${reason}`,
  active: 'Ativo',
  inactive: 'Inativo',
  empty: 'Nenhum funil criado ainda.',
  emptyAction: 'Criar primeiro funil',
  publicChannelWarning:
    'Este canal é público: quem entra pelo @username do canal não passa pelo link do funil e não é atribuído a ele. Divulgue o link do funil.',
  confirmDelete: (name: string) => `Tem certeza que deseja excluir o funil "${isolateText(name)}"? O link de convite deixa de funcionar.`,
  scriptLabel: 'Script de rastreamento',
  scriptHint: 'Cole antes de </body> na sua página de captura.',
  linkLabel: 'Link do Telegram',
} as const;

/** docs/product.md#toasts-funnels (funnels), verbatim. A failure toast shows the server's message when it has one. */
export const FUNNEL_TOASTS = {
  loadListFailed: 'Erro ao carregar funis',
  createFailed: 'Erro ao criar funil',
  deleteFailed: 'Erro ao excluir funil',
  metricsFailed: 'Erro ao carregar métricas',
  loadBotsFailed: 'Erro ao carregar bots',
  loadChannelsFailed: 'Erro ao carregar canais',
  loadPixelsFailed: 'Erro ao carregar pixels Meta',
  updateFailed: 'Erro ao atualizar funil',
  created: 'Funil criado com sucesso!',
  deleted: 'Funil excluído com sucesso',
  updated: 'Funil atualizado com sucesso!',
  copied: 'Copiado para a área de transferência!',
  copyFailed: 'Não foi possível copiar. Tente selecionar e copiar manualmente.',
} as const;

function isHttpUrl(value: string) {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const nameField = storableString({ error: FUNNEL_TEXTS.requiredFields })
  .trim()
  .min(1, { error: FUNNEL_TEXTS.requiredFields })
  .max(FUNNEL_LIMITS.nameMax, { error: FUNNEL_TEXTS.nameTooLong });

/** Blank optional texts are "not sent" (docs/product.md#rules-funnels); `null` clears on update. */
const optionalText = <T extends z.ZodType<string>>(schema: T) =>
  z
    .union([z.literal(''), schema])
    .nullable()
    .optional()
    .transform((value) => (value === '' ? undefined : (value as z.output<T> | null | undefined)));

const descriptionField = optionalText(
  storableString().trim().max(FUNNEL_LIMITS.descriptionMax, { error: FUNNEL_TEXTS.descriptionTooLong }),
);

const landingUrlField = optionalText(
  storableString({ error: FUNNEL_TEXTS.landingUrlInvalid })
    .trim()
    .max(FUNNEL_LIMITS.landingUrlMax, { error: FUNNEL_TEXTS.landingUrlInvalid })
    .refine((value) => value === '' || isHttpUrl(value), { error: FUNNEL_TEXTS.landingUrlInvalid }),
);

const requiredId = z.uuid({ error: FUNNEL_TEXTS.requiredFields });

/** POST /funnels. */
export const createFunnelInputSchema = z.object({
  botId: requiredId,
  channelId: requiredId,
  name: nameField,
  description: descriptionField,
  landingUrl: landingUrlField,
  requireApproval: z.boolean({ error: 'Valor inválido' }).default(false),
  pixelIntegrationId: z.uuid({ error: FUNNEL_TEXTS.pixelInvalid }).nullable().optional(),
});

/**
 * PUT /funnels/{id}: only the fields sent change. Bot and channel are fixed at creation (the invite link belongs to
 * that chat); a new name or requireApproval edits the funnel's invite link (editChatInviteLink).
 */
export const updateFunnelInputSchema = z.object({
  name: nameField.optional(),
  description: descriptionField,
  landingUrl: landingUrlField,
  requireApproval: z.boolean({ error: 'Valor inválido' }).optional(),
  pixelIntegrationId: z.uuid({ error: FUNNEL_TEXTS.pixelInvalid }).nullable().optional(),
  isActive: z.boolean({ error: 'Valor inválido' }).optional(),
});

/** GET /funnels/{id}/metrics?days=7|30|90&tz=America/Sao_Paulo (days per the user's time zone; default UTC). */
export const funnelMetricsQuerySchema = z.object({
  days: z.coerce
    .number({ error: FUNNEL_TEXTS.daysInvalid })
    .refine((value): value is MetricsDays => (FUNNEL_LIMITS.metricsDays as readonly number[]).includes(value), {
      error: FUNNEL_TEXTS.daysInvalid,
    })
    .default(FUNNEL_LIMITS.defaultMetricsDays),
  tz: z
    .string()
    .max(64, { error: FUNNEL_TEXTS.timeZoneInvalid })
    .refine(isTimeZone, { error: FUNNEL_TEXTS.timeZoneInvalid })
    .default('UTC'),
});

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const funnelDayCountsSchema = z.object({
  pageviews: z.number().int(),
  clicks: z.number().int(),
  entries: z.number().int(),
  exits: z.number().int(),
});

export const funnelSchema = z.object({
  id: z.string(),
  /** Public id used by the tracking script's URL; not guessable from `id`. */
  uuid: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  botId: z.string(),
  channelId: z.string(),
  requireApproval: z.boolean(),
  landingUrl: z.string().nullable(),
  pixelIntegrationId: z.string().nullable(),
  isActive: z.boolean(),
  bot: z.object({ name: z.string(), username: z.string() }),
  /** `username` set = a public channel: joins through it cannot be attributed (FUNNEL_TEXTS.publicChannelWarning). */
  channel: z.object({ channelName: z.string(), username: z.string().nullable() }),
  pixelIntegration: z.object({ name: z.string(), pixelId: z.string() }).nullable(),
  /** Today's figures in UTC days on the list (the metrics call takes the user's time zone). */
  todayMetrics: funnelDayCountsSchema,
  /** The last `days` days (× 24 h): visits → clicks → entries, the card's conversion. */
  conversion: z.object({ days: z.number().int(), pageviews: z.number().int(), clicks: z.number().int(), entries: z.number().int() }),
  /** The funnel's invite link (t.me/+…). */
  telegramLink: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const funnelMetricsSchema = z.object({
  /** Contacts ever attributed to the funnel. */
  totalLeads: z.number().int(),
  /** Attributed contacts still in the channel. */
  activeLeads: z.number().int(),
  today: funnelDayCountsSchema,
  /** One row per day, oldest first, `days` rows, days without events included with zeros. */
  history: z.array(funnelDayCountsSchema.extend({ date: z.string() /* YYYY-MM-DD in `timeZone` */ })),
  days: z.number().int(),
  timeZone: z.string(),
  /**
   * Paid accesses bought by people who came through the funnel (docs/decisions.md#paid-access): approved charges
   * of the window by day, in cents of BRL (other currencies are counted, not summed as reais).
   */
  sales: z.object({
    purchases: z.number().int(),
    revenueCents: z.number().int(),
    history: z.array(z.object({ date: z.string(), purchases: z.number().int(), revenueCents: z.number().int() })),
  }),
});

/** The snippet the operator pastes into the landing page. */
export const funnelScriptCode = (origin: string, uuid: string) =>
  `<script src="${origin}/api/js/${uuid}.js" async></script>`;

export const funnelResponseSchema = successEnvelope(z.object({ funnel: funnelSchema }));
export const funnelsResponseSchema = successEnvelope(z.object({ funnels: z.array(funnelSchema) }));
export const funnelCreatedResponseSchema = successEnvelope(
  z.object({ funnel: funnelSchema, scriptCode: z.string(), telegramLink: z.string() }),
);
export const funnelMetricsResponseSchema = successEnvelope(z.object({ metrics: funnelMetricsSchema }));

export type Funnel = z.infer<typeof funnelSchema>;
export type FunnelMetrics = z.infer<typeof funnelMetricsSchema>;
export type FunnelDayCounts = z.infer<typeof funnelDayCountsSchema>;
export type CreateFunnelInput = z.input<typeof createFunnelInputSchema>;
export type UpdateFunnelInput = z.input<typeof updateFunnelInputSchema>;

/**
 * Access plans (docs/product.md#acessos): one bot, its chats, a duration or "vitalício", a grace period. The
 * contract other systems rely on: POST /access/plans answers `webhooks` (absolute URLs per gateway) and, to owners,
 * `webhookSecret` (the generic webhook's HMAC key). Gateway tokens are write-only: the answer says which are set.
 */
import { z } from 'zod';
import { successEnvelope } from '../api/envelope.ts';
import { storableString } from '../api/storable-text.ts';
import { planStarsFields, starsSettingsSchema } from './stars.ts';
import { ACCESS_LIMITS, ACCESS_TEXTS } from './texts.ts';

export const ACCESS_GATEWAYS = ['hotmart', 'kiwify', 'eduzz'] as const;
export type AccessGateway = (typeof ACCESS_GATEWAYS)[number];

const name = storableString({ error: ACCESS_TEXTS.nameRequired })
  .trim()
  .min(1, { error: ACCESS_TEXTS.nameRequired })
  .max(ACCESS_LIMITS.nameMax, { error: ACCESS_TEXTS.nameTooLong });
const days = (max: number, error: string) => z.number({ error }).int({ error }).min(0, { error }).max(max, { error });
const durationDays = days(ACCESS_LIMITS.durationMaxDays, ACCESS_TEXTS.durationInvalid).min(1, { error: ACCESS_TEXTS.durationInvalid });
const graceDays = days(ACCESS_LIMITS.graceMaxDays, ACCESS_TEXTS.graceInvalid);
const channelIds = z
  .array(z.uuid({ error: ACCESS_TEXTS.channelNotOfBot }), { error: ACCESS_TEXTS.channelsRequired })
  .min(1, { error: ACCESS_TEXTS.channelsRequired })
  .max(ACCESS_LIMITS.channelsPerPlan, { error: ACCESS_TEXTS.tooManyChannels })
  .transform((ids) => [...new Set(ids)]);
const gatewayToken = storableString({ error: ACCESS_TEXTS.tokenTooLong }).trim().max(500, { error: ACCESS_TEXTS.tokenTooLong });
const productId = storableString({ error: ACCESS_TEXTS.productIdInvalid }).trim().max(ACCESS_LIMITS.productIdMax, { error: ACCESS_TEXTS.productIdInvalid });

/** Per gateway: the token it authenticates with (write-only; "" clears it) and the product that feeds the plan. */
export const gatewaySettingsSchema = z.object({
  token: gatewayToken.optional(),
  productId: productId.optional(),
});
const gateways = z.object({ hotmart: gatewaySettingsSchema.optional(), kiwify: gatewaySettingsSchema.optional(), eduzz: gatewaySettingsSchema.optional() });

const planFields = {
  name,
  channelIds,
  graceDays: graceDays.default(ACCESS_LIMITS.defaultGraceDays),
  priceCents: z.number({ error: ACCESS_TEXTS.priceInvalid }).int({ error: ACCESS_TEXTS.priceInvalid }).min(0, { error: ACCESS_TEXTS.priceInvalid }).max(100_000_000, { error: ACCESS_TEXTS.priceInvalid }).nullable().optional(),
  active: z.boolean().default(true),
  gateways: gateways.optional(),
  /** Telegram Stars (stars.ts); null stops selling in Stars. */
  stars: starsSettingsSchema.nullable().optional(),
  /** The workspace's Meta pixel that approved purchases are reported to (Conversions API `Purchase`); null: none. */
  pixelId: z.uuid({ error: ACCESS_TEXTS.pixelInvalid }).nullable().optional(),
};

/** `durationDays` or `lifetime: true`, never both. */
const withDuration = <T extends { durationDays?: number | undefined; lifetime?: boolean | undefined }>(input: T, context: z.RefinementCtx) => {
  if ((input.durationDays === undefined) === (input.lifetime !== true)) {
    context.addIssue({ code: 'custom', path: ['durationDays'], message: ACCESS_TEXTS.durationRequired });
  }
};

/** GET /access/plans: `?archived=true` lists the archived plans instead of the others. */
export const planListQuerySchema = z.object({ archived: z.enum(['true', 'false']).optional() });

export const createPlanInputSchema = z
  .object({
    ...planFields,
    botId: z.uuid({ error: ACCESS_TEXTS.botRequired }),
    durationDays: durationDays.optional(),
    lifetime: z.boolean().optional(),
  })
  .superRefine(withDuration);

/** PUT /access/plans/{id}: the same fields but the bot; only the ones sent change. */
export const updatePlanInputSchema = z
  .object({
    name: name.optional(),
    channelIds: channelIds.optional(),
    graceDays: graceDays.optional(),
    durationDays: durationDays.optional(),
    lifetime: z.boolean().optional(),
    priceCents: planFields.priceCents,
    active: z.boolean().optional(),
    gateways: gateways.optional(),
    stars: planFields.stars,
    pixelId: planFields.pixelId,
  })
  .superRefine((input, context) => {
    if (input.durationDays !== undefined && input.lifetime === true) {
      context.addIssue({ code: 'custom', path: ['durationDays'], message: ACCESS_TEXTS.durationRequired });
    }
  });

/** A gateway as the plan answers it: whether its token is set (never the token) and its product. */
const gatewayStateSchema = z.object({ tokenSet: z.boolean(), productId: z.string().nullable() });

export const planChannelSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.string(),
  /** The bot may invite and ban there: without both the plan cannot be active. */
  ready: z.boolean(),
});

export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  botId: z.string(),
  channelIds: z.array(z.string()),
  channels: z.array(planChannelSchema),
  durationDays: z.number().int().nullable(),
  lifetime: z.boolean(),
  graceDays: z.number().int(),
  priceCents: z.number().int().nullable(),
  currency: z.string(),
  active: z.boolean(),
  archived: z.boolean(),
  webhooks: z.object({ hotmart: z.string(), kiwify: z.string(), eduzz: z.string(), generic: z.string() }),
  /** The generic webhook's key: answered to owners only. */
  webhookSecret: z.string().optional(),
  gateways: z.object({ hotmart: gatewayStateSchema, kiwify: gatewayStateSchema, eduzz: gatewayStateSchema }),
  counts: z.object({ active: z.number().int(), expiringIn7Days: z.number().int(), expired: z.number().int(), awaitingLink: z.number().int() }),
  rejectedWebhooks: z.number().int(),
  ...planStarsFields,
  pixelId: z.string().nullable(),
  createdAt: z.string(),
});

export const planResponseSchema = successEnvelope(z.object({ plan: planSchema }));
export const planListResponseSchema = successEnvelope(z.object({ plans: z.array(planSchema) }));

export type Plan = z.infer<typeof planSchema>;
export type CreatePlanInput = z.output<typeof createPlanInputSchema>;
export type UpdatePlanInput = z.output<typeof updatePlanInputSchema>;

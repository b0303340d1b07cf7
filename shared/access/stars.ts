/**
 * Telegram Stars on a plan (docs/product.md#acessos): a price in Stars, a channel subscription link (Telegram
 * charges it every 30 days and keeps the member's until_date) and/or an invoice the bot sends on /assinar or the
 * plan's /start link. Null: the plan does not sell in Stars.
 */
import { z } from 'zod';

export const STARS_LIMITS = {
  priceMin: 1,
  /** Telegram's ceiling of a subscription's price per period (links and subscription invoices alike). */
  priceMax: 10_000,
  /** The only period Telegram accepts for subscriptions: 30 days. */
  subscriptionPeriodSeconds: 2_592_000,
  subscriptionPeriodDays: 30,
} as const;

export const STARS_TEXTS = {
  priceInvalid: `Preço em Stars deve ser de ${STARS_LIMITS.priceMin} a ${STARS_LIMITS.priceMax}`,
  noWay: 'Escolha como vender em Stars: link de assinatura do canal, cobrança no bot ou os dois',
  linkNeedsOneChannel: 'O link de assinatura em Stars vale para um único canal: deixe só o canal no plano',
  linkChannelsOnly: 'O Telegram só cria links de assinatura em Stars para canais, não para grupos',
  linkFailed: (reason: string) => `Não foi possível criar o link de assinatura no Telegram: ${reason}`,
  notStars: 'Só acessos pagos com Telegram Stars pela cobrança do bot podem ser reembolsados por aqui',
  linkNotRefundable: 'Assinaturas pelo link do canal são pagas ao canal: o Telegram não permite ao bot reembolsá-las',
  alreadyRefunded: 'Este pagamento já foi reembolsado',
  refundFailed: (reason: string) => `O Telegram recusou o reembolso: ${reason}`,
  botOff: 'O bot do plano está desligado: ligue-o para falar com o Telegram',
} as const;

/** What the bot tells a buyer, in the chat. */
export const STARS_BOT_TEXTS = {
  unavailable: 'Este plano não está disponível para compra no momento.',
  priceChanged: 'O preço deste plano mudou. Envie /assinar para receber a cobrança atualizada.',
  nothingToSell: 'Não há planos à venda neste bot no momento.',
  subscribe: (stars: number) => `Assinar por ${stars} ⭐ por mês`,
  paid: (plan: string) => `Pagamento confirmado! Seu acesso ao plano "${plan}" está ativo. Entre pelos links abaixo (cada um vale para uma entrada):`,
  renewed: (plan: string, until: string) => `Assinatura do plano "${plan}" renovada até ${until}.`,
  noLinks: 'Pagamento confirmado! Não consegui gerar seus links de entrada agora; a equipe foi avisada e vai enviá-los.',
} as const;

export const starsSettingsSchema = z
  .object({
    priceStars: z.number({ error: STARS_TEXTS.priceInvalid }).int({ error: STARS_TEXTS.priceInvalid })
      .min(STARS_LIMITS.priceMin, { error: STARS_TEXTS.priceInvalid }).max(STARS_LIMITS.priceMax, { error: STARS_TEXTS.priceInvalid }),
    subscriptionLink: z.boolean().default(false),
    invoice: z.boolean().default(false),
  })
  .refine((stars) => stars.subscriptionLink || stars.invoice, { error: STARS_TEXTS.noWay, path: ['invoice'] });

export type StarsSettings = z.output<typeof starsSettingsSchema>;

/** As the plan answers it: the settings, the channel's subscription link once created, the bot's link to buy. */
export const planStarsFields = {
  stars: z.object({ priceStars: z.number().int(), subscriptionLink: z.boolean(), invoice: z.boolean() }).nullable(),
  /** https://t.me/+… : the channel subscription link (null until created, or without subscriptionLink). */
  starsLink: z.string().nullable(),
  /** https://t.me/<bot>?start=plano_<id>: opens the bot, which sends the invoice (null without invoice). */
  starsInvoiceLink: z.string().nullable(),
};

/** The /start payload of a plan's invoice; never the claim codes' `a_` prefix. */
export const PLAN_START_PREFIX = 'plano_';

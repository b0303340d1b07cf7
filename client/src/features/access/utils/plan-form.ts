/**
 * The plan form's rules are the shared schemas (shared/access/plans.ts): what the operator typed becomes the
 * request body, or pt-BR errors by field (`gateways.hotmart.token` for a gateway's field). Gateway tokens are
 * write-only: a blank token keeps the stored one; a product code is sent as typed ("" clears it). The price is typed
 * the Brazilian way ("49,90", "1.234,56") and sent in cents.
 */
import { ACCESS_GATEWAYS, createPlanInputSchema, updatePlanInputSchema, type AccessGateway, type CreatePlanInput, type Plan, type UpdatePlanInput } from '@shared/access/plans.ts';
import { ACCESS_LIMITS } from '@shared/access/texts.ts';
import type { z } from 'zod';
import type { FormErrors } from '../../../lib/use-form-state.ts';

export type GatewayValues = { token: string; productId: string };

/** Telegram Stars as typed: off, or a price with the ways to sell (the schema refuses neither way chosen). */
export type StarsValues = { enabled: boolean; price: string; subscriptionLink: boolean; invoice: boolean };

export type PlanFormValues = {
  name: string;
  botId: string;
  channelIds: string[];
  durationDays: string;
  lifetime: boolean;
  graceDays: string;
  price: string;
  /** The workspace's Meta pixel approved purchases are reported to; '' for none. */
  pixelId: string;
  gateways: Record<AccessGateway, GatewayValues>;
  stars: StarsValues;
};

export type PlanFormCheck<T> = { ok: true; input: T } | { ok: false; errors: FormErrors; summary?: undefined };

const emptyGateways = (): Record<AccessGateway, GatewayValues> => ({ hotmart: { token: '', productId: '' }, kiwify: { token: '', productId: '' }, eduzz: { token: '', productId: '' } });

export const emptyPlanForm = (): PlanFormValues => ({
  name: '', botId: '', channelIds: [], durationDays: '30', lifetime: false, graceDays: String(ACCESS_LIMITS.defaultGraceDays), price: '', pixelId: '', gateways: emptyGateways(),
  stars: { enabled: false, price: '', subscriptionLink: false, invoice: true },
});

const centsToText = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2).replace('.', ','));

/** The edit form starts from the plan; tokens start blank (never sent back to the client). */
export function planFormFrom(plan: Plan): PlanFormValues {
  const gateways = emptyGateways();
  for (const gateway of ACCESS_GATEWAYS) gateways[gateway].productId = plan.gateways[gateway].productId ?? '';
  return {
    name: plan.name, botId: plan.botId, channelIds: [...plan.channelIds], durationDays: plan.durationDays === null ? '' : String(plan.durationDays),
    lifetime: plan.lifetime, graceDays: String(plan.graceDays), price: centsToText(plan.priceCents), pixelId: plan.pixelId ?? '', gateways,
    stars: plan.stars
      ? { enabled: true, price: String(plan.stars.priceStars), subscriptionLink: plan.stars.subscriptionLink, invoice: plan.stars.invoice }
      : { enabled: false, price: '', subscriptionLink: false, invoice: true },
  };
}

/** "49,90" → 4990; "" → null; anything else → NaN (the schema answers "Preço inválido"). */
export function priceToCents(text: string): number | null {
  const trimmed = text.trim().replace(/^R\$\s*/, '');
  if (trimmed === '') return null;
  if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+([,.]\d{1,2})?$/.test(trimmed)) return Number.NaN;
  // pt-BR first: a comma is the decimal mark and dots group thousands ("1.000" is one thousand); "49.9" is decimal.
  const grouped = trimmed.includes(',') || /^\d{1,3}(\.\d{3})+$/.test(trimmed);
  const normalized = grouped ? trimmed.replaceAll('.', '').replace(',', '.') : trimmed;
  return Math.round(Number(normalized) * 100);
}

const wholeNumber = (text: string) => (text.trim() === '' ? undefined : /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

function gatewaysInput(values: PlanFormValues, creating: boolean) {
  const out: Partial<Record<AccessGateway, { token?: string; productId?: string }>> = {};
  for (const gateway of ACCESS_GATEWAYS) {
    const { token, productId } = values.gateways[gateway];
    const entry = { ...(token.trim() ? { token } : {}), ...(!creating || productId.trim() ? { productId } : {}) };
    if (Object.keys(entry).length > 0) out[gateway] = entry;
  }
  return out;
}

function toCheck<T>(result: z.ZodSafeParseResult<T>): PlanFormCheck<T> {
  if (result.success) return { ok: true, input: result.data };
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || 'name';
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** Stars off: nothing on a new plan, null (stop selling) on an edit. */
const starsInput = (stars: StarsValues, creating: boolean) =>
  stars.enabled
    ? { stars: { priceStars: wholeNumber(stars.price) ?? Number.NaN, subscriptionLink: stars.subscriptionLink, invoice: stars.invoice } }
    : creating ? {} : { stars: null };

const fieldsOf = (values: PlanFormValues, creating: boolean) => ({
  name: values.name,
  channelIds: values.channelIds,
  ...(values.lifetime ? { lifetime: true } : { durationDays: wholeNumber(values.durationDays), ...(creating ? {} : { lifetime: false }) }),
  graceDays: wholeNumber(values.graceDays) ?? Number.NaN,
  priceCents: priceToCents(values.price),
  pixelId: values.pixelId === '' ? null : values.pixelId,
  gateways: gatewaysInput(values, creating),
  ...starsInput(values.stars, creating),
});

export function checkCreatePlan(values: PlanFormValues): PlanFormCheck<CreatePlanInput> {
  return toCheck(createPlanInputSchema.safeParse({ ...fieldsOf(values, true), botId: values.botId }));
}

export function checkUpdatePlan(values: PlanFormValues): PlanFormCheck<UpdatePlanInput> {
  return toCheck(updatePlanInputSchema.safeParse(fieldsOf(values, false)));
}

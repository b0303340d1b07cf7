/**
 * "Enviar compra de teste": an approved purchase as each gateway sends it (the fields its parser reads, from the
 * gateway's documentation, see ../gateways/fixtures), for the plan's product, signed the gateway's way with the
 * plan's token or key. It goes through the same pipeline as a delivery from the gateway.
 */
import { createHmac } from 'node:crypto';
import type { WebhookGateway } from '@shared/access/webhook-log.ts';
import { sign, SIGNATURE_HEADER } from '../../../lib/signature.ts';
import type { PlanRow } from '../plan-repository.ts';
import type { Delivery } from './receive.ts';

export type Sample = { transactionId: string; email: string; now: Date };

const JSON_TYPE = { 'content-type': 'application/json' };
const NAME = 'Comprador de teste';

const amount = (plan: PlanRow) => (plan.priceCents ?? 0) / 100;

function hotmart(plan: PlanRow, sample: Sample, token: string): Delivery {
  const body = {
    id: crypto.randomUUID(), creation_date: sample.now.getTime(), event: 'PURCHASE_APPROVED', version: '2.0.0',
    data: {
      product: { id: plan.productIds.hotmart ?? '0', name: plan.name },
      buyer: { email: sample.email, name: NAME },
      purchase: { transaction: sample.transactionId, status: 'APPROVED', approved_date: sample.now.getTime(), price: { value: amount(plan), currency_value: plan.currency } },
    },
  };
  return { headers: new Headers({ ...JSON_TYPE, 'x-hotmart-hottok': token }), query: new URLSearchParams(), rawBody: JSON.stringify(body) };
}

function kiwify(plan: PlanRow, sample: Sample, token: string): Delivery {
  const body = JSON.stringify({
    order_id: sample.transactionId, order_status: 'paid', webhook_event_type: 'order_approved', approved_date: sample.now.toISOString(),
    Product: { product_id: plan.productIds.kiwify ?? 'teste', product_name: plan.name },
    Customer: { full_name: NAME, email: sample.email },
    Commissions: { charge_amount: String(plan.priceCents ?? 0), currency: plan.currency },
  });
  const signature = createHmac('sha1', token).update(body).digest('hex');
  return { headers: new Headers(JSON_TYPE), query: new URLSearchParams({ signature }), rawBody: body };
}

function eduzz(plan: PlanRow, sample: Sample, secret: string): Delivery {
  const body = JSON.stringify({
    id: crypto.randomUUID(), event: 'myeduzz.invoice_paid', sentDate: sample.now.toISOString(),
    data: {
      id: sample.transactionId, status: 'paid', paidAt: sample.now.toISOString(),
      buyer: { name: NAME, email: sample.email },
      price: { value: amount(plan), currency: plan.currency },
      items: [{ productId: plan.productIds.eduzz ?? 'teste', name: plan.name }],
    },
  });
  const signature = createHmac('sha256', secret).update(body).digest('hex');
  return { headers: new Headers({ ...JSON_TYPE, 'x-signature': signature }), query: new URLSearchParams(), rawBody: body };
}

function generic(plan: PlanRow, sample: Sample, secret: string): Delivery {
  const body = JSON.stringify({
    event: 'purchase.approved', transactionId: sample.transactionId, buyer: { email: sample.email, name: NAME },
    amount: amount(plan), currency: plan.currency,
  });
  return { headers: new Headers({ ...JSON_TYPE, [SIGNATURE_HEADER]: sign(secret, body, sample.now) }), query: new URLSearchParams(), rawBody: body };
}

export const SAMPLES: Record<WebhookGateway, (plan: PlanRow, sample: Sample, secret: string) => Delivery> = { hotmart, kiwify, eduzz, generic };

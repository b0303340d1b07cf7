import { describe, expect, test } from 'bun:test';
import { createHmac } from 'node:crypto';
import { WEBHOOK_TEXTS } from '@shared/access/webhook-texts.ts';
import { delivery, fixtureText } from './fixtures/load.ts';
import { parseKiwify } from './kiwify.ts';

const token = 'rxue90njjv1-webhook-token';
const now = new Date('2026-11-27T12:05:00Z');
const signature = (body: string, key = token) => createHmac('sha1', key).update(body).digest('hex');
const send = (body: string, query = `signature=${signature(body)}`) => parseKiwify(delivery(body, {}, query), token, now);

const joao = { email: 'joao.pereira@example.com', name: 'João Pereira', phone: '5521998765432' };
const common = {
  gateway: 'kiwify',
  productId: '0b9e5a10-7f6d-11f0-9c2a-3d4e5f6a7b8c',
  productName: 'Grupo VIP Sinais Diários',
  buyer: joao,
  amountCents: 9790,
  currency: 'BRL',
  subscriptionId: '7c1e9a52-3b4d-4f6e-8a90-b1c2d3e4f5a6',
  // The funnel script's visit, carried by the checkout link's sck and handed back by Kiwify.
  trackingSource: 'cz4f2a9c1e7b3d4e5f60718293a4b5c6d7',
} as const;

describe('Kiwify fixtures', () => {
  test('order_approved: first charge, access until the end of the paid period', () => {
    expect(send(fixtureText('kiwify-order-approved.json'))).toEqual({
      ok: true,
      event: {
        ...common,
        kind: 'approved',
        transactionId: 'f3b1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
        paidUntil: '2026-12-27T12:00:00.000Z',
        occurredAt: '2026-11-27T12:00:00.000Z',
      },
    });
  });

  test('subscription_renewed: the renewal order, new access_until', () => {
    expect(send(fixtureText('kiwify-subscription-renewed.json'))).toEqual({
      ok: true,
      event: {
        ...common,
        kind: 'renewed',
        transactionId: '9d8c7b6a-5f4e-4d3c-b2a1-0f9e8d7c6b5a',
        paidUntil: '2027-01-27T12:00:00.000Z',
        occurredAt: '2026-12-27T12:01:00.000Z',
      },
    });
  });

  test('the order_approved of a renewal is the same key as its subscription_renewed', () => {
    const body = fixtureText('kiwify-subscription-renewed.json').replace('"subscription_renewed"', '"order_approved"');
    expect(send(body)).toMatchObject({ ok: true, event: { kind: 'renewed', transactionId: '9d8c7b6a-5f4e-4d3c-b2a1-0f9e8d7c6b5a' } });
  });

  test.each([
    ['kiwify-order-refunded.json', 'refunded', '2026-11-30T17:20:00.000Z'],
    ['kiwify-chargeback.json', 'chargeback', '2026-12-15T13:05:00.000Z'],
  ] as const)('%s → %s, access not kept', (name, kind, occurredAt) => {
    expect(send(fixtureText(name))).toEqual({
      ok: true,
      event: { ...common, kind, transactionId: 'f3b1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d', occurredAt },
    });
  });

  test.each([
    ['kiwify-subscription-late.json', 'late'],
    ['kiwify-subscription-canceled.json', 'canceled'],
  ])('%s → %s with access_until', (name, kind) => {
    expect(send(fixtureText(name))).toMatchObject({
      ok: true,
      event: { kind, transactionId: '1a2b3c4d-5e6f-4071-8293-a4b5c6d7e8f9', paidUntil: '2027-01-27T12:00:00.000Z' },
    });
  });

  test('pix_created, billet_created, order_rejected are ignored', () => {
    const pix = fixtureText('kiwify-pix-created.json');
    expect(send(pix)).toEqual({ ok: true, ignored: WEBHOOK_TEXTS.ignoredAwaitingPayment });
    const rejected = pix.replace('"pix_created"', '"order_rejected"');
    expect(send(rejected)).toEqual({ ok: true, ignored: WEBHOOK_TEXTS.ignoredNotPaid });
  });

  test('a delivery wrapped in {"order": …} reads the same', () => {
    const body = `{"order": ${fixtureText('kiwify-order-approved.json')}}`;
    expect(send(body)).toMatchObject({ ok: true, event: { kind: 'approved', buyer: joao } });
  });

  test('without webhook_event_type the order status decides', () => {
    const body = JSON.stringify({ ...JSON.parse(fixtureText('kiwify-chargeback.json')), webhook_event_type: undefined });
    expect(send(body)).toMatchObject({ ok: true, event: { kind: 'chargeback' } });
  });
});

describe('Kiwify signature', () => {
  const body = fixtureText('kiwify-order-approved.json');

  test('missing, wrong token, uppercase hex of the right digest, tampered body', () => {
    expect(send(body, '')).toEqual({ ok: false, status: 401, reason: WEBHOOK_TEXTS.signatureMissing });
    expect(send(body, `signature=${signature(body, 'other')}`)).toEqual({ ok: false, status: 401, reason: WEBHOOK_TEXTS.signatureMismatch });
    expect(send(body, `signature=${signature(body).toUpperCase()}`)).toMatchObject({ ok: true });
    expect(send(body.replace('9790', '1'), `signature=${signature(body)}`)).toMatchObject({ ok: false, status: 401 });
    expect(send(body, 'signature=zzz')).toMatchObject({ ok: false, status: 401 });
  });

  test('an empty token proves nothing: refused even when the body is signed with it', () => {
    expect(parseKiwify(delivery(body, {}, `signature=${signature(body, '')}`), '', now)).toMatchObject({ status: 401, reason: WEBHOOK_TEXTS.secretNotConfigured });
  });

  test('the signature is over the bytes received, not a re-serialization', () => {
    const bytes = new TextEncoder().encode(body);
    expect(parseKiwify(delivery(bytes, {}, `other=1&signature=${signature(body)}`), token, now)).toMatchObject({ ok: true });
  });
});

describe('Kiwify bad payloads', () => {
  test('malformed JSON → 400', () => {
    expect(send('{"order_id":')).toEqual({ ok: false, status: 400, reason: WEBHOOK_TEXTS.bodyNotJson });
  });

  test('missing e-mail → 422 naming Customer.email', () => {
    const body = fixtureText('kiwify-order-approved.json').replace('"Joao.Pereira@Example.com"', '"not-an-email"');
    expect(send(body)).toEqual({ ok: false, status: 422, reason: WEBHOOK_TEXTS.fieldProblem('Customer.email', WEBHOOK_TEXTS.emailInvalid) });
  });

  test('unknown event → 422; neither event nor status → 422', () => {
    const body = fixtureText('kiwify-order-approved.json').replace('"order_approved"', '"order_teleported"');
    expect(send(body)).toEqual({ ok: false, status: 422, reason: WEBHOOK_TEXTS.eventUnknown('order_teleported') });
    expect(send('{"order_id": "x"}')).toMatchObject({ status: 422 });
  });
});

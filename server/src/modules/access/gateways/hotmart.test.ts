import { describe, expect, test } from 'bun:test';
import { WEBHOOK_TEXTS } from '@shared/access/webhook-texts.ts';
import { delivery, fixtureText } from './fixtures/load.ts';
import { parseHotmart } from './hotmart.ts';

const hottok = 'gtnL72D16QPeck2Uky8d92uzq6GHtH6f-account-token';
const now = new Date('2026-11-27T12:05:00Z');
const send = (body: string, token: string | null = hottok) =>
  parseHotmart(delivery(body, token === null ? {} : { 'X-HOTMART-HOTTOK': token }), hottok, now);
const withEvent = (name: string, event: string) => fixtureText(name).replace(/"event": "[A-Z_]+"/, `"event": "${event}"`);

const maria = { email: 'maria.souza@example.com', name: 'Maria Souza', phone: '5511987654321' };
const product = { productId: '3526906', productName: 'Grupo VIP Sinais Diários' };

describe('Hotmart fixtures', () => {
  test('PURCHASE_APPROVED: first charge of a subscription', () => {
    expect(send(fixtureText('hotmart-purchase-approved.json'))).toEqual({
      ok: true,
      event: {
        gateway: 'hotmart',
        kind: 'approved',
        transactionId: 'HP16015479281022',
        ...product,
        buyer: maria,
        amountCents: 9790,
        currency: 'BRL',
        paidUntil: '2026-12-27T12:00:00.000Z',
        occurredAt: '2026-11-27T11:59:55.000Z',
        subscriptionId: 'I9OT62C3',
        // purchase.origin.src: the checkout link's src, where the funnel script puts the visit.
        trackingSource: 'cz0b1c2d3e4f5061728394a5b6c7d8e9f0',
      },
    });
  });

  test('PURCHASE_APPROVED with recurrence_number 2 is a renewal of its own transaction', () => {
    const result = send(fixtureText('hotmart-purchase-approved-recurrence.json'));
    expect(result).toMatchObject({ ok: true, event: { kind: 'renewed', transactionId: 'HP17983728551094', paidUntil: '2027-01-26T12:00:00.000Z', subscriptionId: 'I9OT62C3' } });
  });

  test('PURCHASE_COMPLETE names the approved transaction, so it is the same idempotency key', () => {
    expect(send(withEvent('hotmart-purchase-approved.json', 'PURCHASE_COMPLETE'))).toMatchObject({ ok: true, event: { kind: 'approved', transactionId: 'HP16015479281022' } });
  });

  test.each([
    ['hotmart-purchase-refunded.json', 'refunded', 'HP16015479281022'],
    ['hotmart-purchase-chargeback.json', 'chargeback', 'HP16015479281022'],
    ['hotmart-purchase-canceled.json', 'canceled', 'HP17958123450077'],
  ])('%s → %s, no paidUntil', (name, kind, transactionId) => {
    const result = send(fixtureText(name));
    expect(result).toMatchObject({ ok: true, event: { kind, transactionId, buyer: maria, amountCents: 9790 } });
    expect(result.ok && 'event' in result && result.event.paidUntil).toBeFalsy();
  });

  test('PURCHASE_DELAYED → late', () => {
    expect(send(withEvent('hotmart-purchase-approved-recurrence.json', 'PURCHASE_DELAYED'))).toMatchObject({ ok: true, event: { kind: 'late', transactionId: 'HP17983728551094' } });
  });

  test('SUBSCRIPTION_CANCELLATION → canceled until the next charge date', () => {
    expect(send(fixtureText('hotmart-subscription-cancellation.json'))).toEqual({
      ok: true,
      event: {
        gateway: 'hotmart',
        kind: 'canceled',
        transactionId: 'I9OT62C3:2026-12-17T09:33:10.000Z',
        ...product,
        buyer: maria,
        amountCents: 9790,
        paidUntil: '2026-12-27T12:00:00.000Z',
        occurredAt: '2026-12-17T09:33:10.000Z',
        subscriptionId: 'I9OT62C3',
      },
    });
  });

  test.each([
    ['PURCHASE_BILLET_PRINTED', WEBHOOK_TEXTS.ignoredAwaitingPayment],
    ['PURCHASE_PROTEST', WEBHOOK_TEXTS.ignoredDispute],
    ['PURCHASE_EXPIRED', WEBHOOK_TEXTS.ignoredNotPaid],
    ['SWITCH_PLAN', WEBHOOK_TEXTS.ignoredSubscriptionChange],
    ['CLUB_FIRST_ACCESS', WEBHOOK_TEXTS.ignoredNotPurchase],
  ])('%s is ignored', (event, reason) => {
    expect(send(withEvent('hotmart-purchase-billet-printed.json', event))).toEqual({ ok: true, ignored: reason });
  });
});

describe('Hotmart authentication', () => {
  const body = fixtureText('hotmart-purchase-approved.json');

  test('missing, wrong or unconfigured hottok → 401 before the body is read', () => {
    expect(send(body, null)).toEqual({ ok: false, status: 401, reason: WEBHOOK_TEXTS.hottokMissing });
    expect(send('not json', 'wrong')).toEqual({ ok: false, status: 401, reason: WEBHOOK_TEXTS.hottokMismatch });
    expect(send(body, `${hottok}x`)).toEqual({ ok: false, status: 401, reason: WEBHOOK_TEXTS.hottokMismatch });
    expect(parseHotmart(delivery(body, { 'X-HOTMART-HOTTOK': '' }), '', now)).toMatchObject({ status: 401, reason: WEBHOOK_TEXTS.secretNotConfigured });
  });

  test('the header name is case-insensitive', () => {
    expect(parseHotmart(delivery(body, { 'x-hotmart-hottok': hottok }), hottok, now)).toMatchObject({ ok: true });
  });
});

describe('Hotmart bad payloads', () => {
  test('malformed JSON → 400; a JSON array → 400', () => {
    expect(send('{"event": "PURCHASE_APPROVED",')).toEqual({ ok: false, status: 400, reason: WEBHOOK_TEXTS.bodyNotJson });
    expect(send('[1,2]')).toEqual({ ok: false, status: 400, reason: WEBHOOK_TEXTS.bodyNotObject });
  });

  test('missing e-mail → 422 naming data.buyer.email', () => {
    const body = fixtureText('hotmart-purchase-approved.json').replace('" Maria.Souza@Example.com"', 'null');
    expect(send(body)).toEqual({ ok: false, status: 422, reason: WEBHOOK_TEXTS.fieldProblem('data.buyer.email', WEBHOOK_TEXTS.emailInvalid) });
  });

  test('missing transaction → 422 naming data.purchase.transaction', () => {
    const body = fixtureText('hotmart-purchase-refunded.json').replace('"HP16015479281022"', '""');
    expect(send(body)).toMatchObject({ status: 422, reason: WEBHOOK_TEXTS.fieldProblem('data.purchase.transaction', WEBHOOK_TEXTS.transactionInvalid) });
  });

  test('unknown event → 422; missing event → 422; version 1 → 422', () => {
    expect(send(withEvent('hotmart-purchase-approved.json', 'PURCHASE_TELEPORTED'))).toEqual({ ok: false, status: 422, reason: WEBHOOK_TEXTS.eventUnknown('PURCHASE_TELEPORTED') });
    expect(send('{"data": {}}')).toMatchObject({ status: 422 });
    expect(send(fixtureText('hotmart-purchase-approved.json').replace('"2.0.0"', '"1.0.0"'))).toMatchObject({ status: 422, reason: WEBHOOK_TEXTS.versionUnsupported('1.0.0') });
  });

  test('an event named like an Object property is just unknown', () => {
    expect(send('{"event": "constructor", "version": "2.0.0"}')).toMatchObject({ status: 422 });
    expect(send('{"event": "__proto__", "version": "2.0.0"}')).toMatchObject({ status: 422 });
  });
});

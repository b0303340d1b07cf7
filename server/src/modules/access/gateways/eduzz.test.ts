import { describe, expect, test } from 'bun:test';
import { createHmac } from 'node:crypto';
import { WEBHOOK_TEXTS } from '@shared/access/webhook-texts.ts';
import { parseEduzz } from './eduzz.ts';
import { delivery, fixtureText } from './fixtures/load.ts';

const key = 'eduzz-access-key-9f8e7d6c';
const now = new Date('2026-11-27T12:05:00Z');
const sign = (body: string, secret = key) => createHmac('sha256', secret).update(body).digest('hex');
const send = (body: string, signature: string | null = sign(body)) =>
  parseEduzz(delivery(body, signature === null ? {} : { 'x-signature': signature }), key, now);
const withEvent = (name: string, event: string) => fixtureText(name).replace(/"event": "[a-z._]+"/, `"event": "${event}"`);

const ana = { email: 'ana.lima@example.com.br', name: 'Ana Lima', phone: '5531988887777' };
const invoice = { gateway: 'eduzz', transactionId: '98765432', productId: '2345678', productName: 'Comunidade VIP Trader', buyer: ana, amountCents: 19790, currency: 'BRL' } as const;

describe('Eduzz fixtures', () => {
  test('myeduzz.invoice_paid → approved, keyed by the invoice id', () => {
    expect(send(fixtureText('eduzz-invoice-paid.json'))).toEqual({ ok: true, event: { ...invoice, kind: 'approved', occurredAt: '2026-11-27T12:00:05.000Z' } });
  });

  test('myeduzz.invoice_refunded → refunded at refundedAt', () => {
    expect(send(fixtureText('eduzz-invoice-refunded.json'))).toEqual({ ok: true, event: { ...invoice, kind: 'refunded', occurredAt: '2026-12-01T15:30:00.000Z' } });
  });

  test('myeduzz.invoice_canceled → canceled', () => {
    expect(send(fixtureText('eduzz-invoice-canceled.json'))).toMatchObject({ ok: true, event: { ...invoice, kind: 'canceled' } });
  });

  test('a chargeback status is a chargeback whatever the event name', () => {
    const body = fixtureText('eduzz-invoice-refunded.json').replace('"status": "refunded"', '"status": "chargeback"');
    expect(send(body)).toMatchObject({ ok: true, event: { kind: 'chargeback', transactionId: '98765432' } });
  });

  test('contract canceled → canceled until the next due date, keyed by contract and period', () => {
    expect(send(fixtureText('eduzz-contract-updated-canceled.json'))).toEqual({
      ok: true,
      event: {
        gateway: 'eduzz',
        kind: 'canceled',
        transactionId: '3456789:2026-12-27T11:58:00.000Z',
        productId: '2345678',
        productName: 'Comunidade VIP Trader',
        buyer: ana,
        amountCents: 19790,
        currency: 'BRL',
        paidUntil: '2027-01-27T11:58:00.000Z',
        occurredAt: '2027-01-05T09:00:00.000Z',
        subscriptionId: '3456789',
      },
    });
  });

  test('contract late → late; up to date → ignored; the string phone form is read', () => {
    const late = fixtureText('eduzz-contract-updated-canceled.json')
      .replace('"status": "canceled"', '"status": "late"')
      .replace(/"phone": \{[^}]*\}/, '"phone": "+5531988887777"');
    expect(send(late)).toMatchObject({ ok: true, event: { kind: 'late', buyer: ana } });
    const upToDate = fixtureText('eduzz-contract-updated-canceled.json').replace('"status": "canceled"', '"status": "upToDate"');
    expect(send(upToDate)).toEqual({ ok: true, ignored: WEBHOOK_TEXTS.ignoredStatus('upToDate') });
  });

  test.each([
    ['myeduzz.invoice_waiting_payment', WEBHOOK_TEXTS.ignoredAwaitingPayment],
    ['myeduzz.invoice_expired', WEBHOOK_TEXTS.ignoredNotPaid],
    ['myeduzz.invoice_waiting_refund', WEBHOOK_TEXTS.ignoredDispute],
    ['nutror.lesson_started', WEBHOOK_TEXTS.ignoredNotPurchase],
    ['ping', WEBHOOK_TEXTS.ignoredPing],
  ])('%s is ignored', (event, reason) => {
    expect(send(withEvent('eduzz-invoice-waiting-payment.json', event))).toEqual({ ok: true, ignored: reason });
  });
});

describe('Eduzz signature', () => {
  const body = fixtureText('eduzz-invoice-paid.json');

  test('missing, other key, tampered body → 401', () => {
    expect(send(body, null)).toEqual({ ok: false, status: 401, reason: WEBHOOK_TEXTS.signatureMissing });
    expect(send(body, sign(body, 'other'))).toEqual({ ok: false, status: 401, reason: WEBHOOK_TEXTS.signatureMismatch });
    expect(send(body.replace('197.9', '1.9'), sign(body))).toMatchObject({ ok: false, status: 401 });
    expect(parseEduzz(delivery(body, { 'x-signature': sign(body, '') }), '', now)).toMatchObject({ status: 401, reason: WEBHOOK_TEXTS.secretNotConfigured });
  });
});

describe('Eduzz bad payloads', () => {
  test('malformed JSON → 400', () => {
    expect(send('{"event":')).toEqual({ ok: false, status: 400, reason: WEBHOOK_TEXTS.bodyNotJson });
  });

  test('missing buyer e-mail → 422 naming data.buyer.email', () => {
    const body = fixtureText('eduzz-invoice-paid.json').replace('"ANA.LIMA@example.com.br"', '""');
    expect(send(body)).toEqual({ ok: false, status: 422, reason: WEBHOOK_TEXTS.fieldProblem('data.buyer.email', WEBHOOK_TEXTS.emailInvalid) });
  });

  test('unknown event → 422; contract without status → 422', () => {
    expect(send(withEvent('eduzz-invoice-paid.json', 'myeduzz.invoice_teleported'))).toEqual({ ok: false, status: 422, reason: WEBHOOK_TEXTS.eventUnknown('myeduzz.invoice_teleported') });
    const noStatus = fixtureText('eduzz-contract-updated-canceled.json').replace('"status": "canceled",', '');
    expect(send(noStatus)).toMatchObject({ status: 422, reason: WEBHOOK_TEXTS.fieldProblem('data.contract.status', WEBHOOK_TEXTS.required) });
  });
});

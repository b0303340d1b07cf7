import { describe, expect, test } from 'bun:test';
import { WEBHOOK_TEXTS } from '@shared/access/webhook-texts.ts';
import { sign } from '../../../lib/signature.ts';
import { delivery, fixtureText } from './fixtures/load.ts';
import { parseGeneric } from './generic.ts';

const secret = 'whsec_plan_5b2d4086a1e3c5b7';
const now = new Date('2026-11-27T12:00:00Z');
const send = (body: string, header: string | null = sign(secret, body, now)) =>
  parseGeneric(delivery(body, header === null ? {} : { 'X-Canalize-Signature': header }), secret, now);
const json = (value: unknown) => JSON.stringify(value);
const base = { event: 'purchase.approved', transactionId: 'tx-1', buyer: { email: 'a@example.com' } };

describe('generic fixtures', () => {
  test('purchase.approved: e-mail lower-cased, phone digits, amount in cents, date-only paidUntil ends that day in Brasília', () => {
    expect(send(fixtureText('generic-purchase-approved.json'))).toEqual({
      ok: true,
      event: {
        gateway: 'generic',
        kind: 'approved',
        transactionId: 'pix-000123',
        buyer: { email: 'ana.lima@example.com', name: 'Ana Lima', phone: '5531988887777' },
        amountCents: 9790,
        currency: 'BRL',
        paidUntil: '2027-01-01T02:59:59.999Z',
      },
    });
  });

  test.each([
    ['generic-purchase-refunded.json', 'refunded'],
    ['generic-purchase-chargeback.json', 'chargeback'],
    ['generic-subscription-renewed.json', 'renewed'],
    ['generic-subscription-canceled.json', 'canceled'],
  ])('%s → %s', (name, kind) => {
    expect(send(fixtureText(name))).toMatchObject({ ok: true, event: { gateway: 'generic', kind } });
  });

  test('nulls are absent; a renewal without currency is BRL; a local phone gets 55', () => {
    expect(send(fixtureText('generic-purchase-chargeback.json'))).toEqual({
      ok: true,
      event: { gateway: 'generic', kind: 'chargeback', transactionId: 'card-778899', buyer: { email: 'carlos@example.com' } },
    });
    expect(send(fixtureText('generic-subscription-renewed.json'))).toMatchObject({
      event: { currency: 'BRL', amountCents: 9790, buyer: { phone: '5531988887777' }, paidUntil: '2027-02-01T02:59:59.000Z' },
    });
  });

  test.each([
    [97.9, 9790],
    [0.1, 10],
    [19.99, 1999],
    [1234.56, 123456],
    [0.30000000000000004, 30],
    [10.005, 1001],
    [1e-7, 0],
    [5, 500],
  ])('amount %p → %p cents exactly', (amount, cents) => {
    expect(send(json({ ...base, amount }))).toMatchObject({ ok: true, event: { amountCents: cents } });
  });
});

describe('generic signature', () => {
  const body = fixtureText('generic-purchase-approved.json');

  test('missing, malformed, wrong secret, tampered body → 401 with the reason', () => {
    expect(send(body, null)).toEqual({ ok: false, status: 401, reason: WEBHOOK_TEXTS.signatureMissing });
    expect(send(body, 'sha256=abc')).toEqual({ ok: false, status: 401, reason: WEBHOOK_TEXTS.signatureMalformed });
    expect(send(body, sign('other', body, now))).toEqual({ ok: false, status: 401, reason: WEBHOOK_TEXTS.signatureMismatch });
    expect(send(body.replace('97.9', '9.79'), sign(secret, body, now))).toEqual({ ok: false, status: 401, reason: WEBHOOK_TEXTS.signatureMismatch });
  });

  test('older than five minutes or more than five minutes ahead → 401 replay', () => {
    expect(send(body, sign(secret, body, new Date(now.getTime() - 5 * 60_000 - 1000)))).toEqual({ ok: false, status: 401, reason: WEBHOOK_TEXTS.signatureReplay });
    expect(send(body, sign(secret, body, new Date(now.getTime() + 5 * 60_000 + 1000)))).toEqual({ ok: false, status: 401, reason: WEBHOOK_TEXTS.signatureReplay });
    expect(send(body, sign(secret, body, new Date(now.getTime() - 4 * 60_000)))).toMatchObject({ ok: true });
  });

  test('a plan without a secret refuses everything', () => {
    expect(parseGeneric(delivery(body, { 'X-Canalize-Signature': sign('', body, now) }), '', now)).toMatchObject({ status: 401, reason: WEBHOOK_TEXTS.secretNotConfigured });
  });
});

describe('generic bad payloads', () => {
  test('malformed JSON → 400', () => {
    expect(send('{"event": "purchase.approved",')).toEqual({ ok: false, status: 400, reason: WEBHOOK_TEXTS.bodyNotJson });
    expect(send('"just a string"')).toEqual({ ok: false, status: 400, reason: WEBHOOK_TEXTS.bodyNotObject });
  });

  test('bytes that are not UTF-8 → 400; a deeply nested body is just invalid', () => {
    const bytes = Uint8Array.from([0x7b, 0xff, 0xfe, 0x7d]);
    expect(parseGeneric(delivery(bytes, { 'X-Canalize-Signature': sign(secret, bytes, now) }), secret, now)).toMatchObject({ status: 400 });
    const deep = `{"event": ${'['.repeat(50_000)}${']'.repeat(50_000)}}`;
    expect(send(deep)).toMatchObject({ ok: false, status: 422 });
  });

  test.each([
    ['unknown event', { ...base, event: 'purchase.teleported' }, 'event', WEBHOOK_TEXTS.eventInvalid],
    ['missing e-mail', { ...base, buyer: {} }, 'buyer.email', WEBHOOK_TEXTS.emailInvalid],
    ['bad e-mail', { ...base, buyer: { email: 'ana@' } }, 'buyer.email', WEBHOOK_TEXTS.emailInvalid],
    ['missing buyer', { event: 'purchase.approved', transactionId: 'tx-1' }, 'buyer', WEBHOOK_TEXTS.buyerInvalid],
    ['missing transaction', { ...base, transactionId: ' ' }, 'transactionId', WEBHOOK_TEXTS.transactionInvalid],
    ['amount as text', { ...base, amount: '97,90' }, 'amount', WEBHOOK_TEXTS.amountInvalid],
    ['negative amount', { ...base, amount: -1 }, 'amount', WEBHOOK_TEXTS.amountInvalid],
    ['currency', { ...base, currency: 'R$' }, 'currency', WEBHOOK_TEXTS.currencyInvalid],
    ['paidUntil without zone', { ...base, paidUntil: '2026-12-31 23:59' }, 'paidUntil', WEBHOOK_TEXTS.dateInvalid],
    ['phone letters', { ...base, buyer: { email: 'a@example.com', phone: 'call me' } }, 'buyer.phone', WEBHOOK_TEXTS.phoneInvalid],
    ['phone too short', { ...base, buyer: { email: 'a@example.com', phone: '123-4567' } }, 'buyer.phone', WEBHOOK_TEXTS.phoneInvalid],
    ['NUL in name', { ...base, buyer: { email: 'a@example.com', name: 'a\u0000b' } }, 'buyer.name', undefined],
  ])('%s → 422 naming the field', (_name, body, field, message) => {
    const result = send(json(body));
    expect(result).toMatchObject({ ok: false, status: 422 });
    if (!result.ok) expect(result.reason).toStartWith(WEBHOOK_TEXTS.fieldProblem(field, message ?? ''));
  });
});

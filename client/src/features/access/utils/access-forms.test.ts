import { describe, expect, test } from 'bun:test';
import type { Plan } from '@shared/access/plans.ts';
import { STARS_TEXTS } from '@shared/access/stars.ts';
import { ACCESS_TEXTS } from '@shared/access/texts.ts';
import { checkAccessUntil, checkGrant, emptyGrantForm } from './grant-form.ts';
import { checkCreatePlan, checkUpdatePlan, emptyPlanForm, planFormFrom, priceToCents } from './plan-form.ts';

const BOT = '11111111-1111-4111-8111-111111111111';
const CHAT = '22222222-2222-4222-8222-222222222222';

describe('plan form', () => {
  test('an empty plan names each missing field in pt-BR', () => {
    const check = checkCreatePlan({ ...emptyPlanForm(), durationDays: '' });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors).toMatchObject({ name: ACCESS_TEXTS.nameRequired, botId: ACCESS_TEXTS.botRequired, channelIds: ACCESS_TEXTS.channelsRequired, durationDays: ACCESS_TEXTS.durationRequired });
  });

  test('a filled plan becomes the request: days or vitalício, grace, the price in cents, only the gateways typed', () => {
    const values = { ...emptyPlanForm(), name: ' VIP ', botId: BOT, channelIds: [CHAT], durationDays: '30', graceDays: '2', price: '1.234,50' };
    values.gateways.hotmart = { token: 'hottok', productId: '998877' };
    expect(checkCreatePlan(values)).toEqual({
      ok: true,
      input: { name: 'VIP', botId: BOT, channelIds: [CHAT], durationDays: 30, graceDays: 2, priceCents: 123450, active: true, pixelId: null, gateways: { hotmart: { token: 'hottok', productId: '998877' } } },
    });
    const PIXEL = '55555555-5555-4555-8555-555555555555';
    const withPixel = checkCreatePlan({ ...values, pixelId: PIXEL });
    expect(withPixel.ok && withPixel.input.pixelId).toBe(PIXEL);
    const stars = checkCreatePlan({ ...values, stars: { enabled: true, price: '250', subscriptionLink: false, invoice: true } });
    expect(stars.ok && stars.input.stars).toEqual({ priceStars: 250, subscriptionLink: false, invoice: true });
    const lifetime = checkCreatePlan({ ...values, lifetime: true });
    expect(lifetime.ok && { lifetime: lifetime.input.lifetime, durationDays: lifetime.input.durationDays }).toEqual({ lifetime: true, durationDays: undefined });
  });

  test('Stars need a price within Telegram\'s limits and at least one way to sell; turned off on an edit they stop', () => {
    const base = { ...emptyPlanForm(), name: 'X', botId: BOT, channelIds: [CHAT] };
    const bad = checkCreatePlan({ ...base, stars: { enabled: true, price: '10001', subscriptionLink: false, invoice: false } });
    expect(bad.ok ? {} : bad.errors).toMatchObject({ 'stars.priceStars': STARS_TEXTS.priceInvalid });
    const noWay = checkCreatePlan({ ...base, stars: { enabled: true, price: '100', subscriptionLink: false, invoice: false } });
    expect(noWay.ok ? {} : noWay.errors).toMatchObject({ 'stars.invoice': STARS_TEXTS.noWay });
    const off = checkUpdatePlan({ ...base, stars: { enabled: false, price: '100', subscriptionLink: true, invoice: true } });
    expect(off.ok && off.input.stars).toBeNull();
  });

  test('bad numbers are refused with the shared texts', () => {
    const check = checkCreatePlan({ ...emptyPlanForm(), name: 'X', botId: BOT, channelIds: [CHAT], durationDays: 'trinta', graceDays: '91', price: '12,345' });
    expect(check.ok ? {} : check.errors).toMatchObject({ durationDays: ACCESS_TEXTS.durationInvalid, graceDays: ACCESS_TEXTS.graceInvalid, priceCents: ACCESS_TEXTS.priceInvalid });
    expect([priceToCents(''), priceToCents('R$ 49,90'), priceToCents('49.9'), priceToCents('1.000')]).toEqual([null, 4990, 4990, 100000]);
  });

  test('editing keeps a token left blank (write-only) and sends product codes as typed; switching to days clears vitalício', () => {
    const plan = {
      name: 'VIP', botId: BOT, channelIds: [CHAT], durationDays: null, lifetime: true, graceDays: 1, priceCents: 4990,
      gateways: { hotmart: { tokenSet: true, productId: '1' }, kiwify: { tokenSet: false, productId: null }, eduzz: { tokenSet: false, productId: null } },
    } as const satisfies Partial<Plan>;
    const values = planFormFrom({ ...plan, channelIds: [...plan.channelIds] } as unknown as Plan);
    expect([values.price, values.gateways.hotmart, values.pixelId]).toEqual(['49,90', { token: '', productId: '1' }, '']);
    const check = checkUpdatePlan({ ...values, lifetime: false, durationDays: '60' });
    expect(check.ok && check.input).toMatchObject({ durationDays: 60, lifetime: false, gateways: { hotmart: { productId: '1' }, kiwify: { productId: '' } } });
    expect(check.ok && check.input.gateways?.hotmart && 'token' in check.input.gateways.hotmart).toBe(false);
  });
});

describe('grant and access-until forms', () => {
  test('a grant needs a plan and a valid e-mail; days or vitalício', () => {
    const empty = checkGrant({ ...emptyGrantForm(), email: 'não' });
    expect(empty.ok ? {} : empty.errors).toEqual({ planId: 'Escolha o plano', email: ACCESS_TEXTS.emailInvalid });
    const zero = checkGrant({ ...emptyGrantForm('p'), email: 'a@b.com', days: '0' });
    expect(zero.ok ? {} : zero.errors).toEqual({ days: ACCESS_TEXTS.daysInvalid });
    expect(checkGrant({ ...emptyGrantForm('p'), email: ' Ana@Exemplo.com ', lifetime: true, note: ' Cortesia ' })).toEqual({ ok: true, planId: 'p', input: { email: 'ana@exemplo.com', lifetime: true, note: 'Cortesia' } });
  });

  test('a new end of access is a future day (ending as it closes) or vitalício', () => {
    const now = new Date(2026, 10, 27, 12);
    expect(checkAccessUntil('2026-11-26', false, now)).toEqual({ ok: false, error: ACCESS_TEXTS.accessUntilPast });
    expect(checkAccessUntil('', false, now)).toEqual({ ok: false, error: ACCESS_TEXTS.accessUntilInvalid });
    expect(checkAccessUntil('2026-11-27', false, now)).toEqual({ ok: true, accessUntil: new Date(2026, 10, 27, 23, 59, 59).toISOString() });
    expect(checkAccessUntil('', true, now)).toEqual({ ok: true, accessUntil: null });
  });
});

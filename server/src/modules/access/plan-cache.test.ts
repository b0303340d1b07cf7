/**
 * The webhook's plan cache (plan-cache.ts): a burst reads the row once; a write of the plan is seen by the next
 * delivery, even when the load raced the writer's uncommitted transaction; another instance's copy expires.
 */
import { expect, test } from 'bun:test';
import { cachedPlan, forgetPlan, type AnyPlan } from './plan-cache.ts';

const planRow = (name: string): AnyPlan => ({
  id: crypto.randomUUID(), userId: crypto.randomUUID(), botId: crypto.randomUUID(), name, durationDays: 30, graceDays: 1, active: true,
  archivedAt: null, webhookSecretEncrypted: 'x', gatewayTokensEncrypted: {}, productIds: {}, priceCents: null, currency: 'BRL',
  rejectedWebhooks: 0, pixelId: null, createdAt: new Date(), starsPrice: null, starsSubscriptionLink: false, starsInvoice: false,
  starsLink: null, starsLinkChatId: null, botUsername: 'bot',
});

test('a burst reads the plan once; after a write every read is fresh until no write can be pending; a copy expires', async () => {
  let row = planRow('Antes');
  const id = row.id;
  let loads = 0;
  const load = () => {
    loads += 1;
    return Promise.resolve({ ...row, id });
  };
  const t0 = 1_000_000;
  for (let n = 0; n < 5; n++) expect((await cachedPlan(id, load, t0 + n))?.name).toBe('Antes');
  expect(loads).toBe(1);

  // The writer forgets the plan before its commit; a load in between still sees the old row, and must not keep it.
  forgetPlan(id, t0 + 10);
  expect((await cachedPlan(id, load, t0 + 11))?.name).toBe('Antes');
  row = planRow('Depois');
  expect((await cachedPlan(id, load, t0 + 12))?.name).toBe('Depois');
  expect(loads).toBe(3);

  // Once the window is over, the plan is kept again, and a kept copy lives 5 s.
  expect((await cachedPlan(id, load, t0 + 6_000))?.name).toBe('Depois');
  row = planRow('Outra instância');
  expect((await cachedPlan(id, load, t0 + 6_001))?.name).toBe('Depois');
  expect((await cachedPlan(id, load, t0 + 11_001))?.name).toBe('Outra instância');
});

test('an unknown plan is not kept', async () => {
  let loads = 0;
  const id = crypto.randomUUID();
  const load = () => {
    loads += 1;
    return Promise.resolve(undefined);
  };
  expect(await cachedPlan(id, load)).toBeUndefined();
  expect(await cachedPlan(id, load)).toBeUndefined();
  expect(loads).toBe(2);
});

/**
 * No parser may throw on anything a stranger can send. A seeded generator (the same inputs on every run) produces
 * random texts and mutated fixtures; each is sent correctly signed, so the body reaches the JSON and field reading,
 * and unsigned, which must always be a 401.
 */
import { describe, expect, test } from 'bun:test';
import { createHmac } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { purchaseEventSchema, type PurchaseGateway } from '@shared/access/webhook-event.ts';
import { sign } from '../../../lib/signature.ts';
import { seeded } from '../../../test-support/seeded.ts';
import { delivery, fixtureText } from './fixtures/load.ts';
import { GATEWAY_PARSERS } from './gateway-parsers.ts';
import type { GatewayDelivery } from './result.ts';

const SECRET = 'fuzz-secret-0123456789';
const NOW = new Date('2026-11-27T12:00:00Z');
const CASES_PER_GATEWAY = 400;

function generator(seed: number) {
  const next = seeded(seed);
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => {
    const item = items[int(items.length)];
    if (item === undefined) throw new Error('pick needs a non-empty list');
    return item;
  };
  return { next, int, pick };
}

type Random = ReturnType<typeof generator>;

const ODD_STRINGS = ['', ' ', '\u0000', '\ud800', '__proto__', 'constructor', 'NaN', '1e400', 'PURCHASE_APPROVED', 'order_approved', 'myeduzz.invoice_paid', 'purchase.approved', 'a@b.co', '9'.repeat(400), 'ção😀'];

function randomValue(random: Random, depth = 0): unknown {
  switch (random.int(depth > 2 ? 6 : 8)) {
    case 0: return null;
    case 1: return random.pick([0, -1, 1.5, 1e308, -0, 97.9, Number.MAX_SAFE_INTEGER + 2, 1795780800000]);
    case 2: return random.pick(ODD_STRINGS);
    case 3: return random.next() < 0.5;
    case 4: return Array.from({ length: random.int(40) }, () => String.fromCharCode(random.int(0x3000))).join('');
    case 5: return random.pick([[], {}, [1, 2], { a: 1 }]);
    case 6: return Array.from({ length: random.int(4) }, () => randomValue(random, depth + 1));
    default: return Object.fromEntries(Array.from({ length: random.int(4) }, () => [random.pick(ODD_STRINGS), randomValue(random, depth + 1)]));
  }
}

function mutate(value: unknown, random: Random): unknown {
  if (Array.isArray(value)) return value.map((item) => (random.next() < 0.3 ? randomValue(random) : mutate(item, random)));
  if (typeof value !== 'object' || value === null) return random.next() < 0.3 ? randomValue(random) : value;
  const entries = Object.entries(value).flatMap(([key, inner]): [string, unknown][] => {
    const roll = random.next();
    if (roll < 0.1) return [];
    if (roll < 0.25) return [[key, randomValue(random)]];
    return [[key, mutate(inner, random)]];
  });
  return Object.fromEntries(entries);
}

function randomBody(random: Random, fixtures: string[]): string | Uint8Array {
  const base = random.pick(fixtures);
  switch (random.int(5)) {
    case 0: return JSON.stringify(mutate(JSON.parse(base), random));
    case 1: return base.slice(0, random.int(base.length));
    case 2: return JSON.stringify(randomValue(random));
    case 3: return Uint8Array.from({ length: random.int(300) }, () => random.int(256));
    default: {
      const at = random.int(base.length);
      return base.slice(0, at) + String.fromCharCode(random.int(0x10000)) + base.slice(at + 1);
    }
  }
}

function signed(gateway: PurchaseGateway, body: string | Uint8Array): GatewayDelivery {
  if (gateway === 'hotmart') return delivery(body, { 'X-HOTMART-HOTTOK': SECRET });
  if (gateway === 'kiwify') return delivery(body, {}, `signature=${createHmac('sha1', SECRET).update(body).digest('hex')}`);
  if (gateway === 'eduzz') return delivery(body, { 'x-signature': createHmac('sha256', SECRET).update(body).digest('hex') });
  return delivery(body, { 'X-Canalize-Signature': sign(SECRET, body, NOW) });
}

const fixturesOf = (gateway: PurchaseGateway) =>
  readdirSync(new URL('./fixtures/', import.meta.url))
    .filter((name) => name.startsWith(`${gateway}-`) && name.endsWith('.json'))
    .map(fixtureText);

describe('parsers never throw', () => {
  const gateways: PurchaseGateway[] = ['hotmart', 'kiwify', 'eduzz', 'generic'];
  test.each(gateways)(`%s: ${CASES_PER_GATEWAY} random and mutated bodies`, (gateway) => {
    const random = generator(0xc0ffee + gateway.length);
    const fixtures = fixturesOf(gateway);
    expect(fixtures.length).toBeGreaterThan(3);
    const parse = GATEWAY_PARSERS[gateway];
    const outcomes = new Set<string>();
    for (let index = 0; index < CASES_PER_GATEWAY; index++) {
      const body = randomBody(random, fixtures);
      const result = parse(signed(gateway, body), SECRET, NOW);
      if (!result.ok) {
        expect([400, 422]).toContain(result.status);
        expect(result.reason.length).toBeGreaterThan(0);
      } else if ('event' in result) {
        expect(purchaseEventSchema.safeParse(result.event).success).toBe(true);
        expect(result.event.gateway).toBe(gateway);
      }
      outcomes.add(result.ok ? ('event' in result ? 'event' : 'ignored') : String(result.status));
      expect(parse(delivery(body), SECRET, NOW)).toMatchObject({ ok: false, status: 401 });
    }
    // The corpus reaches every branch: bad JSON, bad fields and accepted events.
    expect(outcomes).toContain('400');
    expect(outcomes).toContain('422');
    expect(outcomes).toContain('event');
  });
});

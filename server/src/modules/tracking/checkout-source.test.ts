import { describe, expect, test } from 'bun:test';
import { CHECKOUT_HOSTS, checkoutSource, visitOfSource } from './script.ts';

describe('checkout source', () => {
  test("a visit goes out as the checkout link's src and comes back from the gateway's webhook", () => {
    const visit = crypto.randomUUID();
    expect(checkoutSource(visit)).toMatch(/^cz[0-9a-f]{32}$/);
    expect(visitOfSource(checkoutSource(visit))).toBe(visit);
    expect(visitOfSource(checkoutSource(visit).toUpperCase().replace('CZ', 'cz'))).toBe(visit);
    for (const other of [undefined, '', 'parceiro', 'cz123', `xx${'a'.repeat(32)}`, `cz${'g'.repeat(32)}`]) expect(visitOfSource(other)).toBeUndefined();
  });

  test("the gateways' checkout hosts, and no look-alike", () => {
    for (const host of ['pay.hotmart.com', 'go.hotmart.com', 'pay.kiwify.com.br', 'kiwify.app', 'sun.eduzz.com', 'chk.eduzz.com']) expect([host, CHECKOUT_HOSTS.test(host)]).toEqual([host, true]);
    for (const host of ['hotmart.com.evil.example', 'nothotmart.com', 'kiwify.com.br.example', 'eduzz.co']) expect([host, CHECKOUT_HOSTS.test(host)]).toEqual([host, false]);
  });
});

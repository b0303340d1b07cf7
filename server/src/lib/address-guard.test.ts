import { describe, expect, test } from 'bun:test';
import { checkTarget, isInternal } from './address-guard.ts';

describe('outbound address guard', () => {
  test('internal ranges are recognised numerically, public addresses are not', () => {
    const internal = [
      '0.1.2.3', '10.0.0.1', '100.64.0.1', '100.127.255.255', '127.8.9.10', '169.254.169.254', '172.16.0.1', '172.31.255.255',
      '192.168.1.1', '198.18.0.1', '198.19.255.255', '224.0.0.1', '240.0.0.1', '255.255.255.255', '::', '::1', '0:0:0:0:0:0:0:1',
      '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:a00:1', '::ffff:0:7f00:1', '::127.0.0.1', '::7f00:1', '64:ff9b::10.0.0.1',
      '64:ff9b::a9fe:a9fe', '64:ff9b:1::1', '2002:7f00:1::', 'fc00::1', 'fdff:ffff::1', 'fe80::1', 'febf::1', 'ff02::1',
      'FE80::1', 'not-an-address',
    ];
    for (const address of internal) expect([address, isInternal(address)]).toEqual([address, true]);
    const external = ['8.8.8.8', '1.1.1.1', '100.128.0.1', '172.32.0.1', '198.20.0.1', '2001:4860:4860::8888', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1', '2606:4700::1111'];
    for (const address of external) expect([address, isInternal(address)]).toEqual([address, false]);
  });

  test('a name under .invalid is not found at once, whatever the resolver would answer (RFC 6761)', async () => {
    for (const host of ['push.nao-existe.invalid', 'INVALID', 'a.b.invalid.']) {
      const error = await checkTarget(host).then(() => undefined, (caught: unknown) => caught);
      expect([host, (error as { code?: string } | undefined)?.code]).toEqual([host, 'ENOTFOUND']);
      expect(String(error)).toContain(host);
    }
  });
});

import { afterAll, describe, expect, test } from 'bun:test';
import { nodeConfigSchemas } from '@shared/flows/node-configs.ts';
import { checkTarget } from '../../lib/address-guard.ts';
import { performHttpRequest } from './http-request.ts';

let hits = 0;
const target = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: (request) => {
  hits += 1;
  return Response.json({ host: request.headers.get('host') });
} });
afterAll(() => target.stop(true));

const request = (url: string, allowPrivate = false) =>
  performHttpRequest(nodeConfigSchemas.http_request.parse({ method: 'GET', url }), {}, allowPrivate);

describe('http_request address guard', () => {
  test('loopback in any spelling is refused before anything is sent', async () => {
    const port = target.port;
    const refusals: Record<string, string> = {
      [`http://[::ffff:127.0.0.1]:${port}/`]: '::ffff:7f00:1',
      [`http://[::ffff:7f00:1]:${port}/`]: '::ffff:7f00:1',
      [`http://[::1]:${port}/`]: '::1',
      [`http://[::127.0.0.1]:${port}/`]: '::7f00:1',
      [`http://[64:ff9b::127.0.0.1]:${port}/`]: '64:ff9b::7f00:1',
      [`http://2130706433:${port}/`]: '127.0.0.1',
      [`http://0x7f.1:${port}/`]: '127.0.0.1',
      [`http://0177.0.0.1:${port}/`]: '127.0.0.1',
    };
    for (const [url, address] of Object.entries(refusals)) {
      // The run says only that the address is not allowed; the guard refused it for the address it resolved to.
      expect(await request(url)).toEqual({ ok: false, error: 'Endereço não permitido' });
      expect(await checkTarget(new URL(url).hostname)).toEqual({ refused: address });
    }
    const byName = await request(`http://localhost:${port}/`);
    expect(byName.ok).toBe(false);
    expect(!byName.ok && byName.error).toBe('Endereço não permitido');
    expect(hits).toBe(0);
  });

  test('the same loopback target is reached only when the server allows private addresses, with its Host kept', async () => {
    const answer = await request(`http://[::ffff:127.0.0.1]:${target.port}/`, true);
    expect(answer).toEqual({ ok: true, status: 200, body: { host: `[::ffff:7f00:1]:${target.port}` } });
    expect(hits).toBe(1);
  });
});

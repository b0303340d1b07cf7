/**
 * A malformed Host header, sent by a probe without signing in, gets a short pt-BR refusal from the server as an
 * operator runs it (`bun server/src/index.ts`): never Bun's development error page with its stack and paths.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { connect } from 'node:net';
import { sharedInstanceEnv, startInstance, stopInstances, type InstanceProcess } from '../test-support/instance-process.ts';
import { isValidHost } from './host-gate.ts';

let instance: InstanceProcess;

beforeAll(async () => {
  instance = await startInstance('host-gate', sharedInstanceEnv(undefined, 'http://127.0.0.1:9'), 90_000);
}, 120_000);

afterAll(async () => {
  await stopInstances([instance]);
});

/** One raw HTTP/1.1 exchange: fetch() would refuse to send these headers. */
function rawRequest(path: string, hostLine: string | undefined): Promise<{ status: number; head: string; body: string }> {
  const { port } = new URL(instance.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), head, body });
    });
    const host = hostLine === undefined ? '' : `Host: ${hostLine}\r\n`;
    socket.write(`GET ${path} HTTP/1.1\r\n${host}Connection: close\r\n\r\n`);
  });
}

describe('malformed Host', () => {
  const hosts = ['a b', '[::1', 'exa%mple', 'x:99999', 'ex"ample', 'evil.example/x', ''];
  const paths = ['/', '/login', '/api/js/nada.js', '/api/t/nada/pageview', '/api/auth/me'];

  test.each(hosts)('Host %p: a short refusal on every public path, no stack, no path of the machine', async (host) => {
    for (const path of paths) {
      const answer = await rawRequest(path, host);
      expect(answer.status).toBe(400);
      expect(answer.body.length).toBeLessThan(400);
      expect(answer.body).not.toContain(process.cwd());
      expect(answer.body).not.toMatch(/\bat \S+:\d+/);
      if (path.startsWith('/api/')) expect(JSON.parse(answer.body)).toEqual({ success: false, code: 'INVALID_HOST', message: 'Cabeçalho Host inválido' });
      else expect(answer.body).toContain('Requisição inválida');
    }
  });

  test('a request without any Host header is refused the same way', async () => {
    const answer = await rawRequest('/login', undefined);
    expect(answer.status).toBe(400);
    expect(answer.body).not.toContain(process.cwd());
  });

  test('well-formed hosts pass', async () => {
    for (const host of ['localhost:3000', 'canalize.exemplo.com.br', '127.0.0.1', '[::1]:8080']) expect(isValidHost(host)).toBe(true);
    const answer = await rawRequest('/api/health', 'canalize.exemplo.com.br');
    expect(answer.status).toBe(200);
  });
});

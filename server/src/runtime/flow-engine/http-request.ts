/**
 * http_request (docs/decisions.md#d-flow-engine): methods, JSON headers and body with variables, 10 s timeout, 1 MB response cap,
 * internal addresses refused unless the server allows them. Redirects are not followed (the 3xx is the answer):
 * a public URL answering 302 to 127.0.0.1 would otherwise walk around the guard. The request goes to the address
 * the guard checked, with the original Host header and, for https, the original name as SNI and certificate name,
 * so a name that resolves differently a second time (DNS rebinding) still reaches only the checked address.
 */
import { isIP } from 'node:net';
import type { NodeConfigs } from '@shared/flows/node-configs.ts';
import { checkTarget } from '../../lib/address-guard.ts';
import { renderDeep, renderTemplate, type Variables } from './variables.ts';

export const HTTP_TIMEOUT_MS = 10_000;
export const HTTP_MAX_BYTES = 1024 * 1024;

export type HttpOutcome = { ok: true; status: number; body: unknown } | { ok: false; error: string };

export async function performHttpRequest(config: NodeConfigs['http_request'], variables: Variables, allowPrivate: boolean): Promise<HttpOutcome> {
  let url: URL;
  try {
    url = new URL(renderTemplate(config.url, variables).trim());
  } catch {
    return { ok: false, error: 'URL inválida' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, error: 'URL inválida' };
  const headers = new Headers();
  let target = url;
  let tls: { serverName: string } | undefined;
  if (!allowPrivate) {
    const checked = await checkTarget(url.hostname).catch(() => undefined);
    if (!checked) return { ok: false, error: 'Endereço não encontrado' };
    // Never which address it resolved to: that would map the private network for whoever writes the flow.
    if ('refused' in checked) return { ok: false, error: 'Endereço não permitido' };
    target = pinned(url, checked.address);
    headers.set('host', url.host);
    if (url.protocol === 'https:' && !isIP(url.hostname.replace(/^\[|\]$/g, ''))) tls = { serverName: url.hostname };
  }
  for (const [name, value] of Object.entries(asObject(renderDeep(parseJson(config.headers), variables)))) {
    if (name.toLowerCase() !== 'host' || allowPrivate) headers.set(name, String(value));
  }
  const body = config.method === 'GET' || config.method === 'DELETE' ? undefined : requestBody(config.body, variables, headers);
  try {
    const response = await fetch(target, {
      method: config.method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(HTTP_TIMEOUT_MS), ...(tls ? { tls } : {}),
    });
    const text = await readCapped(response);
    if (text === undefined) return { ok: false, error: 'Resposta maior que 1 MB' };
    return { ok: true, status: response.status, body: parseJson(text) };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return { ok: false, error: timedOut ? 'Tempo limite de 10 s excedido' : 'Falha na requisição' };
  }
}

/** The URL with its host replaced by the checked address (bracketed when IPv6). */
function pinned(url: URL, address: string): URL {
  const target = new URL(url);
  target.hostname = isIP(address) === 6 ? `[${address}]` : address;
  return target;
}

function requestBody(body: NodeConfigs['http_request']['body'], variables: Variables, headers: Headers): string | undefined {
  const value = renderDeep(parseJson(body), variables);
  if (value === '' || value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  return JSON.stringify(value);
}

function parseJson(value: unknown): unknown {
  if (typeof value !== 'string' || value.trim() === '') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

const asObject = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

async function readCapped(response: Response): Promise<string | undefined> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > HTTP_MAX_BYTES) {
      await response.body.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(chunk);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/**
 * Helpers of the tenant matrix: a "phantom" twin of the victim (its ids replaced by ones nobody holds, or by
 * malformed ones), the victim's secrets an answer must never contain, and one request against a route.
 */
import type { AppRoute } from './app-routes.ts';
import { pathFor } from './app-routes.ts';
import type { TestServer } from './start-test-server.ts';
import type { Tenant } from './tenant-scene.ts';
import { answerText } from './answer-text.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The victim with every id replaced: `absent` by a fresh UUID (what a stranger's id must look like from outside),
 * `malformed` by a non-UUID (what a client-chosen id already taken by someone else must look like).
 */
export function phantomOf(victim: Tenant, kind: 'absent' | 'malformed'): Tenant {
  const twin = { ...victim };
  for (const key of Object.keys(twin) as (keyof Tenant)[]) {
    if (UUID.test(twin[key])) twin[key] = kind === 'absent' ? crypto.randomUUID() : 'identificador-invalido';
  }
  twin.chatId = `-100${Math.floor(Math.random() * 1e9)}`;
  return twin;
}

/** What no answer to another user may contain: the victim's ids, email, names (all carry the marker), tokens and API key. */
export const secretsOf = (victim: Tenant) =>
  [victim.marker, victim.email, victim.botToken, victim.invitationToken, victim.apiKey, ...Object.values(victim).filter((value) => UUID.test(value))];

export type ProbeRequest = { params?: Record<string, string>; body?: unknown; query?: Record<string, string> };
export type ProbeAnswer = { status: number; text: string; code?: string; message?: string };

export async function probe(server: TestServer, route: AppRoute, pathTenant: Tenant, request: ProbeRequest, token: string): Promise<ProbeAnswer> {
  const query = request.query ? `?${new URLSearchParams(request.query)}` : '';
  const response = await server.api(`${pathFor(route, pathTenant, request.params)}${query}`, {
    method: route.method,
    token,
    ...(request.body === undefined ? {} : { json: request.body }),
  });
  const text = await answerText(response);
  let envelope: unknown;
  try {
    envelope = JSON.parse(text);
  } catch {
    envelope = undefined;
  }
  const code = Reflect.get(Object(envelope), 'code');
  const message = Reflect.get(Object(envelope), 'message');
  return { status: response.status, text, ...(typeof code === 'string' ? { code } : {}), ...(typeof message === 'string' ? { message } : {}) };
}

/** The part of an answer a refusal must share with the reference answer. */
export const refusal = (answer: ProbeAnswer) => ({ status: answer.status, code: answer.code, message: answer.message });

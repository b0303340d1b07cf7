/** Helpers of the funnel and tracking tests: a funnel made through the API, a Meta pixel row, the tracking calls. */
import { expect } from 'bun:test';
import { funnelCreatedResponseSchema, funnelMetricsResponseSchema } from '@shared/funnels/schemas.ts';
import type { Queryable } from '../db/client.ts';
import type { registeredBot, TelegramTestbed } from './telegram.ts';

type Registered = Awaited<ReturnType<typeof registeredBot>>;

export async function createFunnel(bed: TelegramTestbed, registered: Registered, channelId: string, extra: Record<string, unknown> = {}) {
  const response = await bed.server.api('/api/funnels', { json: { botId: registered.bot.id, channelId, name: 'Funil Teste', ...extra }, ...registered.auth });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`POST /funnels answered ${response.status}: ${text}`);
  return funnelCreatedResponseSchema.parse(JSON.parse(text)).data;
}

/** A Meta pixel row (the pixels API is another module's; its token is irrelevant to attribution). */
export async function insertPixel(sql: Queryable, userId: string, name = 'Pixel Teste') {
  const rows = await sql<{ id: string }[]>`
    insert into meta_pixels (user_id, name, pixel_id, token_encrypted, token_preview)
    values (${userId}, ${name}, '123456789012345', 'x', 'EAAB…xyz') returning id`;
  return rows[0]?.id ?? '';
}

export async function metricsOf(bed: TelegramTestbed, auth: { token: string }, funnelId: string, query = 'days=7') {
  const response = await bed.server.api(`/api/funnels/${funnelId}/metrics?${query}`, auth);
  expect(response.status).toBe(200);
  return funnelMetricsResponseSchema.parse(await response.json()).data.metrics;
}

/** A tracking call as the script makes it: text/plain JSON, from a browser-like user agent. */
export function track(bed: TelegramTestbed, uuid: string, call: 'pageview' | 'click', body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${bed.server.url}/api/t/${uuid}/${call}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': 'Mozilla/5.0 (Teste) Chrome/130', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

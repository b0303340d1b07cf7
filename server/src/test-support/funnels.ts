/** Helpers of the funnel and tracking tests: a funnel made through the API, a Meta pixel row, the tracking calls. */
import { expect } from 'bun:test';
import { funnelCreatedResponseSchema, funnelMetricsResponseSchema } from '@shared/funnels/schemas.ts';
import { pixelResponseSchema } from '@shared/pixels/schemas.ts';
import type { registeredBot, TelegramTestbed } from './telegram.ts';

type Registered = Awaited<ReturnType<typeof registeredBot>>;

export async function createFunnel(bed: TelegramTestbed, registered: Registered, channelId: string, extra: Record<string, unknown> = {}) {
  const response = await bed.server.api('/api/funnels', { json: { botId: registered.bot.id, channelId, name: 'Funil Teste', ...extra }, ...registered.auth });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`POST /funnels answered ${response.status}: ${text}`);
  return funnelCreatedResponseSchema.parse(JSON.parse(text)).data;
}

export const META_PIXEL_ID = '123456789012345';

/** A Meta pixel registered through POST /pixels; answers its row id (pixelIntegrationId). */
export async function createPixel(bed: TelegramTestbed, registered: Registered, name = 'Pixel Teste') {
  const response = await bed.server.api('/api/pixels', { json: { name, pixelId: META_PIXEL_ID, accessToken: `EAAB${'t'.repeat(40)}` }, ...registered.auth });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`POST /pixels answered ${response.status}: ${text}`);
  return pixelResponseSchema.parse(JSON.parse(text)).data.pixel.id;
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

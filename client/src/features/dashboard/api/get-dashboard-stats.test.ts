import { describe, expect, test } from 'bun:test';
import { ApiError, createApiClient } from '../../../lib/api-client.ts';
import { getDashboardStats } from './get-dashboard-stats.ts';

const stamp = '2025-01-01T00:00:00.000Z';
const bot = (id: string, isActive: boolean) => ({ id, name: `Bot ${id}`, username: `bot_${id}`, isActive, inactiveReason: null, createdAt: stamp, updatedAt: stamp });
const channel = (id: string, botId: string) => ({ id, botId, channelId: `-100${id}`, channelName: `Canal ${id}`, channelType: 'channel' });
const flow = (id: string) => ({
  id, botId: 'a', name: `Fluxo ${id}`, description: null, enabled: true, triggerType: 'MESSAGE',
  executionContexts: ['private'], allowedChannelIds: [], createdAt: stamp, updatedAt: stamp,
});

/** An API client over a routing table instead of the network: same parsing, same error path. */
function clientFor(routes: Record<string, () => Response>) {
  return createApiClient({
    session: { getTokens: () => ({ accessToken: 'a', refreshToken: 'r' }), setTokens: () => {}, clear: () => {} },
    fetch: async (url) => {
      const path = url.replace(/^\/api/, '');
      const route = routes[path];
      return route ? route() : Response.json({ success: false, code: 'NOT_FOUND', message: 'Recurso não encontrado' }, { status: 404 });
    },
  });
}

const ok = (data: unknown) => () => Response.json({ success: true, data });

describe('dashboard statistics', () => {
  test('counts bots, active bots, channels of every bot and flows', async () => {
    const client = clientFor({
      '/bots': ok({ bots: [bot('a', true), bot('b', false), bot('c', true)] }),
      '/bots/a/channels': ok({ channels: [channel('1', 'a'), channel('2', 'a')] }),
      '/bots/b/channels': ok({ channels: [channel('3', 'b')] }),
      '/bots/c/channels': ok({ channels: [] }),
      '/flows': ok({ flows: [flow('1'), flow('2')] }),
    });
    expect(await getDashboardStats(client)).toEqual({ totalBots: 3, activeBots: 2, totalChannels: 3, totalFlows: 2 });
  });

  test('ignores a failing channel list of a single bot', async () => {
    const client = clientFor({
      '/bots': ok({ bots: [bot('a', true), bot('b', true)] }),
      '/bots/a/channels': () => Response.json({ success: false, code: 'INTERNAL_ERROR', message: 'x' }, { status: 500 }),
      '/bots/b/channels': ok({ channels: [channel('3', 'b')] }),
      '/flows': ok({ flows: [] }),
    });
    expect(await getDashboardStats(client)).toEqual({ totalBots: 2, activeBots: 2, totalChannels: 1, totalFlows: 0 });
  });

  test('zero everywhere for a new account', async () => {
    const client = clientFor({ '/bots': ok({ bots: [] }), '/flows': ok({ flows: [] }) });
    expect(await getDashboardStats(client)).toEqual({ totalBots: 0, activeBots: 0, totalChannels: 0, totalFlows: 0 });
  });

  test('fails when the bot list fails', async () => {
    const client = clientFor({
      '/bots': () => new Response('boom', { status: 500 }),
      '/flows': ok({ flows: [] }),
    });
    const error = await getDashboardStats(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Erro ao carregar estatísticas');
  });
});

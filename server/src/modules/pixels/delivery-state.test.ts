/**
 * What GET /api/pixels says about a pixel's funnel events (shared/pixels/schemas.ts pixelDeliverySchema): a funnel
 * join whose enter_channel meets a failing Graph API shows pending with the next retry and the error, then failed
 * with that error once the retries are spent; a later join delivered counts as delivered; Meta's refusal is failed
 * at once with Meta's words. Another user's account shows none of it.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { pixelsResponseSchema, type Pixel } from '@shared/pixels/schemas.ts';
import { registerUser } from '../../test-support/fixtures.ts';
import { createFunnel, createPixel, META_PIXEL_ID } from '../../test-support/funnels.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { eventually, promotedChat, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';

setDefaultTimeout(60_000);

const MAX_ATTEMPTS = 3;
let bed: TelegramTestbed;
beforeAll(async () => {
  bed = await startTelegramTestbed(undefined, { pixelRetry: { backoff: { baseMs: 1_000, maxMs: 2_000 }, maxAttempts: MAX_ATTEMPTS } });
}, SERVER_START_TIMEOUT_MS);
afterAll(() => bed.stop());

type Registered = Awaited<ReturnType<typeof registeredBot>>;

async function pixelOf(auth: { token: string }, id: string): Promise<Pixel | undefined> {
  const response = await bed.server.api('/api/pixels', auth);
  expect(response.status).toBe(200);
  return pixelsResponseSchema.parse(await response.json()).data.pixels.find((pixel) => pixel.id === id);
}

async function funnelWithPixel() {
  const registered = await registeredBot(bed);
  const { chat, channel } = await promotedChat(bed, registered, { type: 'channel', title: 'Canal do Pixel' });
  const pixelId = await createPixel(bed, registered);
  const { telegramLink } = await createFunnel(bed, registered, channel.id, { pixelIntegrationId: pixelId });
  const join = (name: string) => {
    const user = bed.emulator.control.createUser({ first_name: name });
    expect(bed.emulator.control.joinByLink({ userId: user.id, inviteLink: telegramLink }).status).toBe('joined');
  };
  return { registered, chat, pixelId, join };
}

const requestsToMeta = () => bed.server.graph?.requests.filter((request) => request.pixelId === META_PIXEL_ID) ?? [];
const delivery = async (registered: Registered, pixelId: string) => (await pixelOf(registered.auth, pixelId))?.delivery;

describe('pixel delivery state', () => {
  test('a join whose event meets a failing Graph API: pending with the next retry, failed after the retries, delivered after success', async () => {
    const { registered, pixelId, join } = await funnelWithPixel();
    expect(await delivery(registered, pixelId)).toEqual({ delivered: 0, pending: 0, failed: 0, lastError: null, lastErrorAt: null, lastAttemptAt: null, nextAttemptAt: null });

    bed.server.graph?.answerFor(META_PIXEL_ID, { status: 503 });
    join('Helena');
    const pending = await eventually('pending after a failed attempt', async () => {
      const state = await delivery(registered, pixelId);
      return state?.pending === 1 && state.lastError !== null ? state : undefined;
    }, 15_000);
    expect(pending).toMatchObject({ delivered: 0, failed: 0 });
    expect(pending.lastError).toStartWith('O Meta respondeu HTTP 503');
    expect(pending.nextAttemptAt).not.toBeNull();
    expect(Date.parse(pending.nextAttemptAt ?? '')).toBeGreaterThanOrEqual(Date.parse(pending.lastAttemptAt ?? ''));

    const failed = await eventually('failed once the retries are spent', async () => {
      const state = await delivery(registered, pixelId);
      return state?.failed === 1 ? state : undefined;
    }, 20_000);
    expect(failed).toMatchObject({ delivered: 0, pending: 0, failed: 1, nextAttemptAt: null });
    expect(failed.lastError).toBe(`Não entregue após ${MAX_ATTEMPTS} tentativas. Último erro: ${pending.lastError}`);
    expect(requestsToMeta().filter((request) => request.status === 503)).toHaveLength(MAX_ATTEMPTS);

    bed.server.graph?.answerFor(META_PIXEL_ID, null);
    join('Igor');
    const delivered = await eventually('the next join delivered', async () => {
      const state = await delivery(registered, pixelId);
      return state?.delivered === 1 ? state : undefined;
    }, 15_000);
    // The failed event stays failed, with the error that explains it.
    expect(delivered).toMatchObject({ delivered: 1, pending: 0, failed: 1, lastError: failed.lastError, nextAttemptAt: null });
    expect(Date.parse(delivered.lastAttemptAt ?? '')).toBeGreaterThan(Date.parse(failed.lastAttemptAt ?? ''));
    expect((await pixelOf(registered.auth, pixelId))?.pendingEvents).toBe(0);
  });

  test("Meta's refusal fails the event at once with Meta's message; another account sees no such pixel", async () => {
    const { registered, pixelId, join } = await funnelWithPixel();
    bed.server.graph?.answerFor(META_PIXEL_ID, { status: 400, message: 'Invalid OAuth access token.' });
    join('Joana');
    const refused = await eventually('refused', async () => {
      const state = await delivery(registered, pixelId);
      return state?.failed === 1 ? state : undefined;
    }, 15_000);
    expect(refused).toMatchObject({ delivered: 0, pending: 0, failed: 1, lastError: 'Invalid OAuth access token.', nextAttemptAt: null });
    bed.server.graph?.answerFor(META_PIXEL_ID, null);

    const stranger = await registerUser(bed.server, 'Outra Pessoa');
    expect(await pixelOf({ token: stranger.tokens.accessToken }, pixelId)).toBeUndefined();
  });
});

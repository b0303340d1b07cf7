/**
 * Helpers of the offline journeys: the header's sync state, the envelopes the app pushed (captured at the browser
 * context, so every tab counts), and the server checked through the `request` fixture, which offline emulation
 * does not affect.
 */
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { emulator } from './emulator.ts';

export const syncStatus = (page: Page) => page.getByRole('status', { name: 'Sincronização' });

export async function expectPending(page: Page, count: number) {
  const status = syncStatus(page);
  if (count === 0) await expect(status).not.toContainText('pendente', { timeout: 20_000 });
  else await expect(status).toContainText(count === 1 ? '1 alteração pendente' : `${count} alterações pendentes`);
}

type Envelope = { clientId: string; mutationId: number; name: string; args: unknown; createdAt: string };

/**
 * Every envelope of a push the server answered, from any page of `context` (a resend appears again). Attempts that
 * never got an answer (offline, aborted) are not counted: they are what the queue retries.
 */
export function capturePushes(context: BrowserContext): Envelope[] {
  const sent: Envelope[] = [];
  context.on('requestfinished', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/sync/push') {
      sent.push(...(request.postDataJSON() as { mutations: Envelope[] }).mutations);
    }
  });
  return sent;
}

/**
 * Sends the app's envelopes again, straight to the server: each must answer alreadyApplied — the server had taken
 * every one of them and does not take any a second time.
 */
export async function expectEachAppliedOnce(request: APIRequestContext, accessToken: string, sent: Envelope[], names: string[]) {
  const byId = new Map(sent.map((envelope) => [`${envelope.clientId}:${envelope.mutationId}`, envelope]));
  const unique = [...byId.values()].sort((a, b) => a.mutationId - b.mutationId);
  expect(unique.map((envelope) => envelope.name).sort()).toEqual([...names].sort());
  const response = await request.post('/api/sync/push', { data: { mutations: unique }, headers: auth(accessToken) });
  const body = (await response.json()) as { data: { results: { status: string }[] } };
  expect(body.data.results.map((result) => result.status)).toEqual(unique.map(() => 'alreadyApplied'));
}

export const auth = (accessToken: string) => ({ Authorization: `Bearer ${accessToken}` });

/** A bot administrating one channel the server knows about (the runtime learns it; Sincronizar forces it). */
export async function botWithChannel(request: APIRequestContext, accessToken: string, botId: string, token: string, title: string) {
  const owner = await emulator.createUser('Dona', 'Canal');
  const chat = await emulator.createChat('channel', title, owner.id);
  await emulator.promoteBot(chat.id, token);
  let channelId = '';
  await expect(async () => {
    const response = await request.post(`/api/bots/${botId}/channels/sync`, { headers: auth(accessToken) });
    const body = (await response.json()) as { data: { channels: { id: string; channelName: string }[] } };
    channelId = body.data.channels.find((channel) => channel.channelName === title)?.id ?? '';
    expect(channelId).not.toBe('');
  }).toPass({ timeout: 20_000 });
  return channelId;
}

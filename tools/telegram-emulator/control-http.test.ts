import { describe, expect, test } from 'bun:test';
import { grammyBot, useEmulator } from './test-support.ts';

const emulator = useEmulator();

async function call<T = unknown>(endpoint: string, body: Record<string, unknown> = {}): Promise<{ ok: boolean; result: T; error?: string }> {
  const response = await fetch(`${emulator.url}/control/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.json();
}

describe('control over HTTP', () => {
  test('lists its endpoints', async () => {
    const response = await fetch(`${emulator.url}/control`);
    const body = await response.json();
    expect(body.result).toContain('/control/send-private-message');
  });

  test('drives a whole conversation: create, message, wait for the reply, read it back', async () => {
    const bot = await call<{ token: string }>('create-bot', { username: 'http_bot' });
    const user = await call<{ id: number }>('create-user', { first_name: 'Joana' });
    await call('send-private-message', { from: user.result.id, bot: 'http_bot', text: '/start' });
    const grammy = grammyBot(emulator, bot.result.token);
    const [update] = await grammy.api.getUpdates();
    const waiting = call<{ text: string }>('wait-for-sent-message', { token: bot.result.token, timeoutMs: 2000 });
    await grammy.api.sendMessage(update?.message?.chat.id ?? 0, 'Olá Joana');
    expect((await waiting).result.text).toBe('Olá Joana');
    const listed = await fetch(`${emulator.url}/control/sent-messages?chatId=${user.result.id}`).then((r) => r.json());
    expect(listed.result.map((m: { text: string }) => m.text)).toEqual(['Olá Joana']);
  });

  test('answers 400 with a readable error for an impossible action', async () => {
    const response = await fetch(`${emulator.url}/control/join-chat`, { method: 'POST', body: JSON.stringify({ userId: 1, chatId: -5 }) });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ ok: false, error: 'unknown user 1' });
  });

  test('reset forgets bots', async () => {
    const bot = await call<{ token: string }>('create-bot', { username: 'temp_bot' });
    await call('reset');
    const response = await fetch(`${emulator.url}/bot${bot.result.token}/getMe`);
    expect(response.status).toBe(401);
  });
});

import { describe, expect, test } from 'bun:test';
import { InputFile } from 'grammy';
import { startedDialog, useEmulator } from './test-support.ts';

const emulator = useEmulator({ rateLimits: false });
const { control } = emulator;

describe('media', () => {
  test('sendPhoto with a multipart upload returns sizes with a reusable file_id', async () => {
    const { token, bot, user } = startedDialog(emulator);
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
    const sent = await bot.api.sendPhoto(user.id, new InputFile(bytes, 'boas-vindas.jpg'), {
      caption: '<b>Bem-vindo</b>', parse_mode: 'HTML',
    });
    expect(sent.caption).toBe('Bem-vindo');
    expect(sent.caption_entities).toEqual([{ type: 'bold', offset: 0, length: 9 }]);
    const largest = sent.photo?.at(-1);
    expect(largest?.file_size).toBe(bytes.length);
    const record = control.sentMessages({ token, method: 'sendPhoto' })[0];
    expect(record?.media).toEqual([{ type: 'photo', fileId: largest?.file_id ?? '', fileName: 'boas-vindas.jpg', caption: 'Bem-vindo' }]);
    const again = await bot.api.sendPhoto(user.id, largest?.file_id ?? '');
    expect(again.photo?.at(-1)?.file_id).toBe(largest?.file_id ?? '');
    await expect(bot.api.sendPhoto(user.id, 'not-a-file-id')).rejects.toMatchObject({ description: 'Bad Request: wrong file identifier/HTTP URL specified' });
  });

  test('video, audio and document by URL; captions are limited to 1024 characters', async () => {
    const { bot, user } = startedDialog(emulator);
    expect((await bot.api.sendVideo(user.id, 'https://cdn.example.com/v/intro.mp4')).video?.file_name).toBe('intro.mp4');
    expect((await bot.api.sendAudio(user.id, 'https://cdn.example.com/a.mp3')).audio?.file_id).toBeString();
    expect((await bot.api.sendDocument(user.id, new InputFile(new TextEncoder().encode('pdf'), 'guia.pdf'))).document?.file_name).toBe('guia.pdf');
    await expect(bot.api.sendDocument(user.id, 'https://cdn.example.com/x.pdf', { caption: 'x'.repeat(1025) }))
      .rejects.toMatchObject({ description: 'Bad Request: message caption is too long' });
  });

  test('sendMediaGroup sends 2-10 items sharing a media_group_id, uploads included', async () => {
    const { token, bot, user } = startedDialog(emulator);
    const album = await bot.api.sendMediaGroup(user.id, [
      { type: 'photo', media: 'https://cdn.example.com/1.jpg', caption: 'Álbum' },
      { type: 'photo', media: new InputFile(new Uint8Array([1, 2, 3]), '2.jpg') },
      { type: 'video', media: 'https://cdn.example.com/3.mp4' },
    ]);
    expect(album).toHaveLength(3);
    expect(new Set(album.map((m) => ('media_group_id' in m ? m.media_group_id : undefined))).size).toBe(1);
    expect(album[0]?.caption).toBe('Álbum');
    expect(control.sentMessages({ token, method: 'sendMediaGroup' })).toHaveLength(3);
    await expect(bot.api.sendMediaGroup(user.id, [{ type: 'photo', media: 'https://cdn.example.com/1.jpg' }])).rejects.toMatchObject({ error_code: 400 });
    // grammY's types forbid mixing documents with photos, so the request is written by hand.
    const mixed = await fetch(`${emulator.url}/bot${token}/sendMediaGroup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        chat_id: user.id,
        media: [{ type: 'document', media: 'https://cdn.example.com/1.pdf' }, { type: 'photo', media: 'https://cdn.example.com/1.jpg' }],
      }),
    }).then((r) => r.json());
    expect(mixed).toEqual({ ok: false, error_code: 400, description: "Bad Request: document can't be mixed with other media types" });
  });
});

describe('callback buttons', () => {
  test('pressing a button sends callback_query with the exact data and tracks the answer', async () => {
    const { token, bot, user } = startedDialog(emulator);
    const data = 'welcome:ação:1';
    const sent = await bot.api.sendMessage(user.id, 'Quer entrar?', {
      reply_markup: { inline_keyboard: [[{ text: 'Sim', callback_data: data }, { text: 'Site', url: 'https://canalize.app' }]] },
    });
    bot.on('callback_query:data', (ctx) => ctx.answerCallbackQuery({ text: `ok ${ctx.callbackQuery.data}` }));
    let polling: Promise<void> = Promise.resolve();
    await new Promise<void>((onStart) => {
      polling = bot.start({ drop_pending_updates: true, onStart: () => onStart() });
    });
    try {
      const pressed = control.pressButton({ from: user.id, bot: token, messageId: sent.message_id, buttonText: 'Sim' });
      if (pressed.kind !== 'callback') throw new Error('expected a callback button');
      expect(control.callbackQuery(pressed.callbackQueryId).answered).toBe(false);
      const answered = await control.waitForCallbackAnswer(pressed.callbackQueryId);
      expect(answered).toMatchObject({ data, answered: true, answer: { text: `ok ${data}` } });
      expect(control.pressButton({ from: user.id, bot: token, messageId: sent.message_id, buttonText: 'Site' }))
        .toEqual({ kind: 'url', url: 'https://canalize.app' });
    } finally {
      await bot.stop();
      await polling;
    }
  });

  test('a callback query can be answered only once', async () => {
    const { token, bot, user } = startedDialog(emulator);
    const sent = await bot.api.sendMessage(user.id, 'x', { reply_markup: { inline_keyboard: [[{ text: 'A', callback_data: 'a' }]] } });
    const pressed = control.pressButton({ from: user.id, bot: token, messageId: sent.message_id, data: 'a' });
    const id = pressed.kind === 'callback' ? pressed.callbackQueryId : '';
    const update = (await bot.api.getUpdates()).find((u) => u.callback_query)?.callback_query;
    expect(update).toMatchObject({ id, data: 'a', from: { id: user.id }, message: { message_id: sent.message_id } });
    expect(update?.chat_instance).toBeString();
    expect(await bot.api.answerCallbackQuery(id)).toBe(true);
    await expect(bot.api.answerCallbackQuery(id)).rejects.toMatchObject({ error_code: 400 });
  });
});

import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { failureEnvelopeSchema } from '@shared/api/envelope.ts';
import { MEDIA_MAX_BYTES, uploadResponseSchema } from '@shared/media/schemas.ts';
import { registerUser } from '../../test-support/fixtures.ts';
import { EXE_HEAD, PNG_1X1, uploadFile } from '../../test-support/media-upload.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../../test-support/start-test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, SERVER_START_TIMEOUT_MS);
afterAll(() => server.stop());

const tokenOf = async () => (await registerUser(server)).tokens.accessToken;

describe('POST /api/media/upload', () => {
  test('stores a photo under the owner and serves it back to the owner only', async () => {
    const owner = await registerUser(server);
    const answer = await uploadFile(server, owner.tokens.accessToken, PNG_1X1, 'pixel.png', 'image/png');
    expect(answer.status).toBe(201);
    const body = uploadResponseSchema.parse(answer.body);
    expect(body.message).toBe('Upload realizado com sucesso!');
    expect(body.data.url).toBe(`/api/media/${body.data.media.id}`);
    expect(body.data.media).toMatchObject({ fileName: 'pixel.png', contentType: 'image/png', mediaType: 'photo', size: PNG_1X1.length });
    expect(existsSync(path.join(server.config.dataDir, 'media', owner.user.id, body.data.media.id))).toBe(true);

    const served = await server.api(body.data.url, { token: owner.tokens.accessToken });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG_1X1);

    const stranger = await server.api(body.data.url, { token: await tokenOf() });
    expect(stranger.status).toBe(404);
    expect(failureEnvelopeSchema.parse(await stranger.json()).code).toBe('NOT_FOUND');
    expect((await server.api(body.data.url)).status).toBe(401);
    expect((await server.api('/api/media/nao-e-um-id', { token: owner.tokens.accessToken })).status).toBe(404);
  });

  test('the content decides the type: a text file named .jpg is a document, an executable named .png is refused', async () => {
    const token = await tokenOf();
    const text = await uploadFile(server, token, new TextEncoder().encode('Olá, mundo!\n'), 'foto.jpg', 'image/jpeg');
    expect(text.status).toBe(201);
    expect(uploadResponseSchema.parse(text.body).data.media).toMatchObject({ contentType: 'text/plain', mediaType: 'document' });

    const exe = await uploadFile(server, token, EXE_HEAD, 'foto.png', 'image/png');
    expect(exe.status).toBe(415);
    expect(failureEnvelopeSchema.parse(exe.body)).toMatchObject({ code: 'MEDIA_TYPE_NOT_ALLOWED' });
    expect(failureEnvelopeSchema.parse(exe.body).message).toStartWith('Tipo de arquivo não permitido.');
  });

  test('a file over 20 MB is refused with the docs/product.md#rules-media text, whether or not the length was declared', async () => {
    const token = await tokenOf();
    const big = new Uint8Array(MEDIA_MAX_BYTES + 1);
    big.set(PNG_1X1);
    const declared = await uploadFile(server, token, big, 'grande.png', 'image/png');
    expect(declared.status).toBe(413);
    expect(failureEnvelopeSchema.parse(declared.body)).toEqual({ success: false, code: 'MEDIA_TOO_LARGE', message: 'Arquivo muito grande. Máximo: 20MB' });

    // Streamed without Content-Length: the count while reading refuses it just the same.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let sent = 0; sent < 40; sent += 1) controller.enqueue(new Uint8Array(1024 * 1024));
        controller.close();
      },
    });
    const streamed = await server.api('/api/media/upload', {
      method: 'POST', token, body: stream, headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(streamed.status).toBe(413);
    expect(failureEnvelopeSchema.parse(await streamed.json()).message).toBe('Arquivo muito grande. Máximo: 20MB');

    const exact = new Uint8Array(MEDIA_MAX_BYTES);
    exact.set(PNG_1X1);
    expect((await uploadFile(server, token, exact, 'limite.png')).status).toBe(201);
  });

  test('accepts the docs/product.md#api-media JSON form with the file as a data URL', async () => {
    const token = await tokenOf();
    const response = await server.api('/api/media/upload', {
      token, json: { file: `data:image/png;base64,${Buffer.from(PNG_1X1).toString('base64')}`, fileName: 'pixel.png', contentType: 'image/png' },
    });
    expect(response.status).toBe(201);
    expect(uploadResponseSchema.parse(await response.json()).data.media).toMatchObject({ mediaType: 'photo', fileName: 'pixel.png' });
  });

  test('accepts a data URL whose bytes are percent-encoded, and refuses a broken escape as unreadable', async () => {
    const token = await tokenOf();
    const escaped = [...PNG_1X1].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
    const upload = (file: string) => server.api('/api/media/upload', { token, json: { file, fileName: 'pixel.png' } });
    const stored = await upload(`data:image/png,${escaped}`);
    expect(stored.status).toBe(201);
    expect(uploadResponseSchema.parse(await stored.json()).data.media).toMatchObject({ mediaType: 'photo', size: PNG_1X1.byteLength });
    const broken = await upload(`data:image/png,${escaped}%E0%A4%A`);
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ success: false, code: 'MEDIA_UNREADABLE' });
  });

  test('refuses what is not an upload: no file part, an empty file, another body type', async () => {
    const token = await tokenOf();
    const form = new FormData();
    form.append('outro', 'x');
    const noFile = await server.api('/api/media/upload', { method: 'POST', token, body: form });
    expect(noFile.status).toBe(400);
    expect((await uploadFile(server, token, new Uint8Array(), 'vazio.txt')).status).toBe(400);
    const plain = await server.api('/api/media/upload', { method: 'POST', token, body: 'abc', headers: { 'content-type': 'text/plain' } });
    expect(plain.status).toBe(415);
    expect((await uploadFile(server, undefined, PNG_1X1, 'pixel.png')).status).toBe(401);
  });
});

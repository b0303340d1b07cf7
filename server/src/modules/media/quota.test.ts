/**
 * One account cannot fill the disk DATA_DIR shares with every account and the embedded database: uploads past
 * MEDIA_QUOTA_MB answer 507 with the numbers, leave nothing behind, and parallel uploads cannot pass the check together.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { failureEnvelopeSchema } from '@shared/api/envelope.ts';
import { registerUser } from '../../test-support/fixtures.ts';
import { uploadFile } from '../../test-support/media-upload.ts';
import { SERVER_START_TIMEOUT_MS, startTestServer, type TestServer } from '../../test-support/start-test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { MEDIA_QUOTA_MB: '1' } });
}, SERVER_START_TIMEOUT_MS);
afterAll(() => server.stop());

const KB = 1024;
const textOf = (bytes: number) => new TextEncoder().encode('a'.repeat(bytes));
const filesOf = (userId: string) => {
  try {
    return readdirSync(path.join(server.config.dataDir, 'media', userId));
  } catch {
    return [];
  }
};

describe('per-account storage quota', () => {
  test('an upload past the quota is 507 with the numbers, and leaves no file and no row', async () => {
    const { user, tokens } = await registerUser(server);
    expect((await uploadFile(server, tokens.accessToken, textOf(600 * KB), 'a.txt', 'text/plain')).status).toBe(201);
    const refused = await uploadFile(server, tokens.accessToken, textOf(600 * KB), 'b.txt', 'text/plain');
    expect(refused.status).toBe(507);
    expect(failureEnvelopeSchema.parse(refused.body)).toEqual({
      success: false,
      code: 'STORAGE_QUOTA_EXCEEDED',
      message: 'Limite de armazenamento da conta atingido: 0,6 MB de 1 MB usados; este arquivo tem 0,6 MB. Apague arquivos que não usa mais ou peça ao administrador um limite maior.',
    });
    expect(filesOf(user.id)).toHaveLength(1);
    const rows = await server.db.sql`select 1 from media_files where user_id = ${user.id}`;
    expect(rows).toHaveLength(1);
    // Another account has its own quota.
    const other = await registerUser(server);
    expect((await uploadFile(server, other.tokens.accessToken, textOf(600 * KB), 'c.txt', 'text/plain')).status).toBe(201);
  });

  test('parallel uploads cannot all pass a check made before any of them was counted', async () => {
    const { user, tokens } = await registerUser(server);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => uploadFile(server, tokens.accessToken, textOf(300 * KB), `p${i}.txt`, 'text/plain')));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 201, 201, 507, 507, 507]);
    expect(filesOf(user.id)).toHaveLength(3);
  });
});

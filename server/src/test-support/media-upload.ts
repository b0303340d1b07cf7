/** Upload helpers for the media tests: real files and the multipart call the editor makes. */
import type { TestServer } from './start-test-server.ts';

export const PNG_1X1 = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (char) => char.charCodeAt(0),
);

/** A Windows executable's first bytes: what a renamed "foto.png" may really be. */
export const EXE_HEAD = Uint8Array.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0xff, 0xff]);

export async function uploadFile(server: TestServer, token: string | undefined, bytes: Uint8Array, name: string, declaredType = 'application/octet-stream') {
  const form = new FormData();
  form.append('file', new File([Uint8Array.from(bytes)], name, { type: declaredType }));
  const response = await server.api('/api/media/upload', { method: 'POST', body: form, ...(token ? { token } : {}) });
  return { status: response.status, body: (await response.json()) as unknown };
}

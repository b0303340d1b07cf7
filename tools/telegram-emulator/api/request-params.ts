// Reads method parameters the ways Telegram accepts them: URL query, JSON body, urlencoded form and multipart
// form (grammY uses multipart whenever a file is uploaded, with nested objects sent as JSON strings and files
// referenced as attach://<part name>). Query and body merge, body winning, as on the real server.
import { badRequest } from '../core/bot-api-error.ts';

export interface RawParams {
  values: Record<string, unknown>;
  files: Map<string, File>;
}

export async function readRequestParams(request: Request): Promise<RawParams> {
  const url = new URL(request.url);
  const values: Record<string, unknown> = Object.fromEntries(url.searchParams);
  const files = new Map<string, File>();
  if (request.method === 'GET' || request.method === 'HEAD') return { values, files };
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (type.includes('application/json')) {
    const text = await request.text();
    if (text.trim() === '') return { values, files };
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw badRequest("can't parse JSON object");
    }
    if (body && typeof body === 'object' && !Array.isArray(body)) Object.assign(values, body);
    return { values, files };
  }
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw badRequest("can't parse request body");
    }
    for (const [key, value] of form) {
      if (typeof value === 'string') values[key] = value;
      else files.set(key, value);
    }
  }
  return { values, files };
}

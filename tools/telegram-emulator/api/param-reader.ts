// Typed access to method parameters with Telegram's coercions (numbers and booleans may arrive as strings,
// objects as JSON strings) and Telegram's wording when something is missing or malformed.
import { badRequest } from '../core/bot-api-error.ts';
import type { RawParams } from './request-params.ts';

export type InputFileRef =
  | { kind: 'upload'; file: File }
  | { kind: 'url'; url: string }
  | { kind: 'file_id'; fileId: string };

export class ParamReader {
  constructor(private readonly raw: RawParams) {}

  get values(): Record<string, unknown> {
    return this.raw.values;
  }

  has(name: string): boolean {
    const value = this.raw.values[name];
    return (value !== undefined && value !== null && value !== '') || this.raw.files.has(name);
  }

  optString(name: string): string | undefined {
    const value = this.raw.values[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    throw badRequest(`field "${name}" must be of type String`);
  }

  optInt(name: string): number | undefined {
    const value = this.raw.values[name];
    if (value === undefined || value === null || value === '') return undefined;
    const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
    if (!Number.isInteger(number)) throw badRequest(`field "${name}" must be of type Integer`);
    return number;
  }

  int(name: string, missing: string): number {
    const value = this.optInt(name);
    if (value === undefined) throw badRequest(missing);
    return value;
  }

  bool(name: string): boolean {
    const value = this.raw.values[name];
    return value === true || value === 'true' || value === '1' || value === 1 || value === 'True';
  }

  /** chat_id: an integer or "@username" of a public chat. */
  chatId(name = 'chat_id'): number | string {
    const value = this.raw.values[name];
    if (value === undefined || value === null || value === '') throw badRequest('chat_id is empty');
    if (typeof value === 'number') return value;
    if (typeof value === 'string') {
      if (/^-?\d+$/.test(value.trim())) return Number(value.trim());
      if (value.startsWith('@')) return value;
    }
    throw badRequest('chat not found');
  }

  /** Objects such as reply_markup may come as JSON or as a JSON string inside a form. */
  optJson(name: string, label = name): unknown {
    const value = this.raw.values[name];
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      throw badRequest(`can't parse ${label} JSON object`);
    }
  }

  /** An InputFile: an upload (direct part or attach://name), an HTTP URL or a file_id. */
  optInputFile(name: string): InputFileRef | undefined {
    const direct = this.raw.files.get(name);
    if (direct) return { kind: 'upload', file: direct };
    const value = this.optString(name);
    return value === undefined || value === '' ? undefined : this.resolveFileString(value);
  }

  resolveFileString(value: string): InputFileRef {
    if (value.startsWith('attach://')) {
      const file = this.raw.files.get(value.slice('attach://'.length));
      if (!file) throw badRequest('wrong file identifier/HTTP URL specified');
      return { kind: 'upload', file };
    }
    if (/^https?:\/\//i.test(value)) return { kind: 'url', url: value };
    return { kind: 'file_id', fileId: value };
  }
}

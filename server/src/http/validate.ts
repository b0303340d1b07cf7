import type { z } from 'zod';
import { fieldErrors } from '@shared/api/validation.ts';
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '@shared/api/storable-text.ts';
import { AppError } from '../lib/errors.ts';
import '../lib/zod-locale.ts';

/**
 * Validates input with a shared zod schema. Elysia's own validator would answer in English; here the message is
 * the first field's pt-BR text and `details` maps every field to its first message.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, options: { checkText?: boolean } = {}): z.output<S> {
  if (options.checkText !== false) refuseUnstorableText(input);
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const details = fieldErrors(parsed.error);
  const first = Object.values(details)[0];
  throw new AppError('VALIDATION_FAILED', 400, first, details);
}

/**
 * Defence in depth behind the shared schemas (shared/api/storable-text.ts): the whole input, keys and free-form
 * objects included, may not carry text the database cannot store, whatever the schema says.
 */
export function refuseUnstorableText(input: unknown): void {
  const path = findUnstorableText(input);
  if (!path) return;
  const key = path.length > 0 ? path.join('.') : '_';
  throw new AppError('VALIDATION_FAILED', 400, UNSTORABLE_TEXT_MESSAGE, { [key]: UNSTORABLE_TEXT_MESSAGE });
}

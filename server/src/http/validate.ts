import type { z } from 'zod';
import { fieldErrors } from '@shared/api/validation.ts';
import { AppError } from '../lib/errors.ts';
import '../lib/zod-locale.ts';

/**
 * Validates input with a shared zod schema. Elysia's own validator would answer in English; here the message is
 * the first field's pt-BR text and `details` maps every field to its first message.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const details = fieldErrors(parsed.error);
  const first = Object.values(details)[0];
  throw new AppError('VALIDATION_FAILED', 400, first, details);
}

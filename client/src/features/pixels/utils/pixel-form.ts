/**
 * The pixel forms' rules (docs/product.md#rules-pixels) are the shared schemas: values are trimmed, a missing field
 * gives the one sentence of the docs (shown once for the form, the empty fields marked), a malformed one its own
 * text under the field. Editing sends the token only when it was filled: blank keeps the stored one.
 */
import type { z } from 'zod';
import {
  createPixelInputSchema,
  PIXEL_TEXTS,
  pixelTestEventInputSchema,
  updatePixelInputSchema,
  type CreatePixelInput,
  type Pixel,
  type UpdatePixelInput,
} from '@shared/pixels/schemas.ts';

export type PixelFormValues = { name: string; pixelId: string; accessToken: string };
export type PixelField = keyof PixelFormValues;

export type FormCheck<T> =
  | { ok: true; input: T }
  | {
      ok: false;
      /** The docs' "fill in" sentence, once for the form; undefined when only a malformed field failed. */
      summary: string | undefined;
      /** Fields to mark invalid; the text is shown under the field unless it is the summary. */
      errors: Partial<Record<PixelField, string>>;
    };

const REQUIRED_TEXTS: readonly string[] = [PIXEL_TEXTS.createRequired, PIXEL_TEXTS.editRequired];

export const emptyPixelForm = (): PixelFormValues => ({ name: '', pixelId: '', accessToken: '' });

/** The edit form starts from the pixel; the token field starts blank (it is never sent back to the client). */
export const pixelFormFrom = (pixel: Pick<Pixel, 'name' | 'pixelId'>): PixelFormValues => ({ name: pixel.name, pixelId: pixel.pixelId, accessToken: '' });

function toCheck<T>(result: z.ZodSafeParseResult<T>): FormCheck<T> {
  if (result.success) return { ok: true, input: result.data };
  const errors: Partial<Record<PixelField, string>> = {};
  let summary: string | undefined;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (field !== 'name' && field !== 'pixelId' && field !== 'accessToken') continue;
    errors[field] ??= issue.message;
    if (REQUIRED_TEXTS.includes(issue.message)) summary ??= issue.message;
  }
  return { ok: false, summary, errors };
}

export function checkCreatePixel(values: PixelFormValues): FormCheck<CreatePixelInput> {
  return toCheck(createPixelInputSchema.safeParse(values));
}

/** The payload carries `accessToken` only when one was typed. */
export function checkUpdatePixel(values: PixelFormValues): FormCheck<UpdatePixelInput> {
  // Trimmed first: a token of spaces is a blank token (keep the stored one), not a malformed one.
  const result = toCheck(updatePixelInputSchema.safeParse({ ...values, accessToken: values.accessToken.trim() }));
  if (!result.ok) return result;
  const { accessToken, ...rest } = result.input;
  return { ok: true, input: accessToken === undefined ? rest : { ...rest, accessToken } };
}

export function checkTestEventCode(code: string): { ok: true; code: string } | { ok: false; error: string } {
  const result = pixelTestEventInputSchema.safeParse({ testEventCode: code });
  return result.success ? { ok: true, code: result.data.testEventCode } : { ok: false, error: result.error.issues[0]?.message ?? PIXEL_TEXTS.testCodeRequired };
}

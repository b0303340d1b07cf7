import type { z } from 'zod';

/** Turns zod issues into the `details` map of the failure envelope: first message per field path. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const details: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    details[key] ??= issue.message;
  }
  return details;
}

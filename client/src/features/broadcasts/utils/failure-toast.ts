import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';

/** A failed server action: the server's message, else the docs' text; nothing when the session ended (the login screen says so). */
export function toastFailure(error: unknown, fallback: string) {
  if (error instanceof ApiError && error.sessionExpired) return;
  toast.error(error instanceof Error && error.message ? error.message : fallback);
}

/**
 * The create / edit form's rules: the shared schema decides (its pt-BR texts under the fields), and a refusal of the
 * server for a field (the outbound-address guard's "endereço não permitido") lands under that field too.
 */
import type { SubscribableEventType } from '@shared/webhooks/events.ts';
import { createWebhookInputSchema, type CreateWebhookInput, type Webhook } from '@shared/webhooks/schemas.ts';
import { ApiError } from '../../../lib/api-client.ts';
import type { FormErrors } from '../../../lib/use-form-state.ts';

export type WebhookFormValues = { url: string; description: string; events: SubscribableEventType[] };
export type WebhookField = 'url' | 'description' | 'events';
const FIELDS: readonly string[] = ['url', 'description', 'events'];

export const emptyWebhookForm = (): WebhookFormValues => ({ url: '', description: '', events: [] });

export const webhookFormFrom = (webhook: Webhook): WebhookFormValues => ({ url: webhook.url, description: webhook.description, events: [...webhook.events] });

export type WebhookFormCheck = { ok: true; input: CreateWebhookInput } | { ok: false; errors: FormErrors };

export function checkWebhookForm(values: WebhookFormValues): WebhookFormCheck {
  const parsed = createWebhookInputSchema.safeParse(values);
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: FormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (FIELDS.includes(field)) errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The server's refusal by field (a field path like `events.0` counts for its field), or undefined when it names none. */
export function serverFieldErrors(error: unknown): FormErrors | undefined {
  if (!(error instanceof ApiError) || !error.details) return undefined;
  const errors: FormErrors = {};
  for (const [path, message] of Object.entries(error.details)) {
    const field = path.split('.')[0] ?? '';
    if (FIELDS.includes(field)) errors[field] ??= message;
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}

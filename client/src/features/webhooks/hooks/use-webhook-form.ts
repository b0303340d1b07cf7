import { useState, type FormEvent } from 'react';
import type { SubscribableEventType } from '@shared/webhooks/events.ts';
import type { Webhook, WebhookWithSecret } from '@shared/webhooks/schemas.ts';
import { WEBHOOK_TOASTS } from '@shared/webhooks/texts.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useFormState, type FormErrors } from '../../../lib/use-form-state.ts';
import { useSaveWebhook } from '../api/webhook-requests.ts';
import { checkWebhookForm, emptyWebhookForm, serverFieldErrors, webhookFormFrom, type WebhookFormValues } from '../utils/webhook-form.ts';

/**
 * The create / edit form: the shared schema's errors on submit, cleared as a field is edited; a server refusal naming
 * a field (a private address, a name that does not resolve) under that field, any other one toasted.
 */
export function useWebhookForm(webhook: Webhook | undefined, onSaved: (saved: WebhookWithSecret) => void) {
  const save = useSaveWebhook();
  const [serverErrors, setServerErrors] = useState<FormErrors>({});
  const form = useFormState({ initial: (): WebhookFormValues => (webhook ? webhookFormFrom(webhook) : emptyWebhookForm()), check: checkWebhookForm, guardLeave: false });
  const edit = (change: Partial<WebhookFormValues>) => {
    const fields = Object.keys(change);
    form.edit((current) => ({ ...current, ...change }), fields);
    setServerErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !fields.includes(key))));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const valid = form.validate();
    setServerErrors({});
    if (!valid) return;
    try {
      const saved = await save.mutateAsync({ id: webhook?.id, input: valid.input });
      toast.success(webhook ? WEBHOOK_TOASTS.updated : WEBHOOK_TOASTS.created);
      onSaved(saved);
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setServerErrors(fields);
      else toast.error(errorMessage(error, webhook ? WEBHOOK_TOASTS.updateFailed : WEBHOOK_TOASTS.createFailed));
    }
  }

  return {
    values: form.values,
    error: (field: 'url' | 'description' | 'events') => serverErrors[field] ?? form.errors[field],
    setUrl: (url: string) => edit({ url }),
    setDescription: (description: string) => edit({ description }),
    setEvents: (events: SubscribableEventType[]) => edit({ events }),
    saving: save.isPending,
    submit,
  };
}

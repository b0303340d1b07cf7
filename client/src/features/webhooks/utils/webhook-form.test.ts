import { describe, expect, test } from 'bun:test';
import { WEBHOOK_TEXTS } from '@shared/webhooks/schemas.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { checkWebhookForm, serverFieldErrors } from './webhook-form.ts';

describe('webhook form', () => {
  test('the shared schema says what is wrong, by field', () => {
    const result = checkWebhookForm({ url: 'ftp://exemplo.com', description: '', events: [] });
    expect(result).toEqual({ ok: false, errors: { url: WEBHOOK_TEXTS.urlInvalid, events: WEBHOOK_TEXTS.eventsRequired } });
  });

  test('a valid form answers the request body, trimmed', () => {
    expect(checkWebhookForm({ url: ' https://exemplo.com/hook ', description: ' CRM ', events: ['contact.created'] })).toEqual({
      ok: true,
      input: { url: 'https://exemplo.com/hook', description: 'CRM', events: ['contact.created'] },
    });
  });

  test('the server refusing the address lands under the URL; a refusal naming no field does not', () => {
    const refused = new ApiError(422, 'VALIDATION_FAILED', WEBHOOK_TEXTS.urlPrivate, { url: WEBHOOK_TEXTS.urlPrivate });
    expect(serverFieldErrors(refused)).toEqual({ url: WEBHOOK_TEXTS.urlPrivate });
    expect(serverFieldErrors(new ApiError(400, 'VALIDATION_FAILED', 'x', { 'events.0': WEBHOOK_TEXTS.eventUnknown }))).toEqual({ events: WEBHOOK_TEXTS.eventUnknown });
    expect(serverFieldErrors(new ApiError(409, 'WEBHOOK_LIMIT', 'Limite'))).toBeUndefined();
    expect(serverFieldErrors(new Error('rede'))).toBeUndefined();
  });
});

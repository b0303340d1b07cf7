import { describe, expect, test } from 'bun:test';
import { ACCESS_EVENT_LABELS, ACCESS_EVENTS } from './access-events.ts';
import { NODE_SUBTYPES, SUBTYPE_LABELS, SUBTYPES_BY_TYPE } from './node-catalog.ts';
import { defaultNodeConfig, parseNodeConfig } from './node-configs.ts';

describe('the Acesso pago trigger', () => {
  test('is a trigger of the catalog, in the library after the other triggers', () => {
    expect(SUBTYPES_BY_TYPE.trigger).toEqual([
      'trigger_message', 'trigger_command', 'trigger_contact_created', 'trigger_contact_updated', 'trigger_contact_from_funnel', 'trigger_button_clicked', 'trigger_access',
    ]);
    expect(NODE_SUBTYPES).toContain('trigger_access');
    expect(SUBTYPE_LABELS.trigger_access).toBe('Acesso pago');
  });

  test('offers the six events with the labels of the issue, starting on the first reminder, any plan', () => {
    expect(ACCESS_EVENTS.map((event) => ACCESS_EVENT_LABELS[event])).toEqual([
      'Expira em 3 dias', 'Expira amanhã', 'Expirou', 'Pagamento aprovado', 'Reembolso', 'Pagamento atrasado',
    ]);
    expect(defaultNodeConfig('trigger_access')).toEqual({ event: 'expires_in_3_days', planId: '' });
  });

  test('refuses an unknown event and an oversized plan id', () => {
    expect(parseNodeConfig('trigger_access', { event: 'expired', planId: 'abc' }).success).toBe(true);
    expect(parseNodeConfig('trigger_access', { event: 'chargeback' }).success).toBe(false);
    expect(parseNodeConfig('trigger_access', { planId: 'x'.repeat(101) }).success).toBe(false);
  });
});

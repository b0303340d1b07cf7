import { describe, expect, test } from 'bun:test';
import { describeTrigger, describeTriggers } from './trigger-summary.ts';

const node = (subType: string, config: Record<string, unknown>, order = 0) => ({ subType, config, order });

describe('flow trigger summary', () => {
  test('each trigger kind reads as an operator would say it', () => {
    expect(describeTrigger(node('trigger_command', { command: '/start' }))).toBe('Comando /start');
    expect(describeTrigger(node('trigger_command', { command: 'promo' }))).toBe('Comando /promo');
    expect(describeTrigger(node('trigger_message', { pattern: 'preço' }))).toBe('Mensagem contém "preço"');
    expect(describeTrigger(node('trigger_message', { pattern: '*' }))).toBe('Qualquer mensagem');
    expect(describeTrigger(node('trigger_message', { pattern: ' ' }))).toBe('Mensagem (sem texto definido)');
    expect(describeTrigger(node('trigger_contact_created', {}))).toBe('Novo contato');
    expect(describeTrigger(node('trigger_contact_from_funnel', { funnelId: 'x' }))).toBe('Entrada por funil');
    expect(describeTrigger(node('trigger_button_clicked', { buttonData: 'comprar' }))).toBe('Botão "comprar"');
    expect(describeTrigger(node('trigger_access', { event: 'expires_in_3_days', planId: '' }))).toBe('Acesso: expira em 3 dias');
    expect(describeTrigger(node('trigger_access', { event: 'payment_late' }))).toBe('Acesso: pagamento atrasado');
    expect(describeTrigger(node('trigger_access', {}))).toBe('Acesso: expira em 3 dias');
    expect(describeTrigger(node('send_text', { message: 'oi' }))).toBeUndefined();
  });

  test('a flow lists its triggers in order, once each, long texts clipped', () => {
    const long = 'x'.repeat(50);
    expect(
      describeTriggers([
        node('send_text', { message: 'oi' }, 0),
        node('trigger_message', { pattern: long }, 2),
        node('trigger_command', { command: '/start' }, 1),
        node('trigger_command', { command: '/start' }, 3),
      ]),
    ).toEqual(['Comando /start', `Mensagem contém "${'x'.repeat(31)}…"`]);
    expect(describeTriggers([])).toEqual([]);
    // Same order: the older node first, whatever order the cache reads them in.
    const later = { ...node('trigger_message', { pattern: 'preço' }), createdAt: '2026-11-25T10:00:01.000Z' };
    const earlier = { ...node('trigger_command', { command: '/start' }), createdAt: '2026-11-25T10:00:00.000Z' };
    expect(describeTriggers([later, earlier])).toEqual(['Comando /start', 'Mensagem contém "preço"']);
  });
});

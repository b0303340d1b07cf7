import { describe, expect, test } from 'bun:test';
import { AUDIT_ACTIONS, type AuditEntry } from '@shared/audit/schemas.ts';
import { AUDIT_FAMILIES, auditPlace, auditSentence } from './audit-sentence.ts';

const line = (over: Partial<AuditEntry>): AuditEntry => ({
  id: '1', actorId: 'a', actor: { id: 'a', name: 'Ana', email: 'ana@exemplo.com' }, apiKey: null, action: 'bot.trash', targetType: 'bot', targetId: 'b',
  targetName: '@loja_bot', detail: {}, clientAddress: '203.0.113.7', userAgent: null, createdAt: '2026-11-27T14:05:00.000Z', ...over,
});

describe('audit lines in pt-BR', () => {
  test('who did what to which', () => {
    expect(auditSentence(line({}))).toBe('Ana removeu o bot @loja_bot');
    const byKey = { actorId: null, actor: null, apiKey: { id: 'k', name: 'n8n', prefix: 'cz_live_Ab12' } };
    expect(auditSentence(line(byKey))).toBe('A chave de API “n8n” (cz_live_Ab12…) removeu o bot @loja_bot');
    expect(auditSentence(line({ ...byKey, action: 'key.request', detail: { route: 'POST /api/quick-replies/' } })))
      .toBe('A chave de API “n8n” (cz_live_Ab12…) fez uma alteração pela API (POST /api/quick-replies/)');
    expect(auditSentence(line({ action: 'flow.publish', targetType: 'flow', targetName: 'Boas-vindas' }))).toBe('Ana ativou o fluxo “Boas-vindas”');
    expect(auditSentence(line({ action: 'member.role_change', targetType: 'member', targetName: 'Beto', detail: { from: 'agent', to: 'admin' } })))
      .toBe('Ana mudou o papel de Beto para administrador');
    expect(auditSentence(line({ action: 'pixel.delete', targetName: null }))).toBe('Ana excluiu um pixel');
  });

  test("a chat's join gate: the chat and the new rule", () => {
    const gate = { action: 'gate.update' as const, targetType: 'channel' as const, targetName: 'Grupo VIP' };
    expect(auditSentence(line({ ...gate, detail: { rule: 'challenge' } }))).toBe('Ana mudou quem entra em “Grupo VIP” para “Desafio anti-robô”');
    expect(auditSentence(line({ ...gate, targetName: null, detail: { rule: 'decline' } }))).toBe('Ana mudou quem entra em um grupo para “Recusar”');
  });

  test('the filter offers every family of actions', () => {
    const offered = new Set<string>(AUDIT_FAMILIES.map(([value]) => value));
    expect(AUDIT_ACTIONS.map((action) => action.split('.')[0] ?? '').filter((family) => !offered.has(family))).toEqual([]);
  });

  test('an erased account and the system', () => {
    expect(auditSentence(line({ actor: null, action: 'member.leave' }))).toBe('Uma conta excluída saiu da equipe');
    expect(auditSentence(line({ actor: null, actorId: null, action: 'auth.sign_in' }))).toBe('O sistema entrou na conta');
  });

  test('where from', () => {
    const agent = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
    expect(auditPlace({ userAgent: agent, clientAddress: '203.0.113.7' })).toBe('Chrome · Android · 203.0.113.7');
    expect(auditPlace({ userAgent: null, clientAddress: null })).toBe('Origem desconhecida');
  });
});

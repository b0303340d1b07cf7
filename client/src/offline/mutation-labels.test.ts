import { describe, expect, test } from 'bun:test';
import { MUTATION_NAMES } from '@shared/sync/mutations.ts';
import { mutationLabel, refusalTitle, SYNC_UI_TEXTS } from './mutation-labels.ts';
import './test-support/install-mutations.ts';

describe('mutation labels', () => {
  test('names every mutation in pt-BR, and says which way a switch went', () => {
    for (const name of MUTATION_NAMES) expect(mutationLabel({ name, args: {} })).not.toBe('Alteração');
    const botId = '00000000-0000-4000-8000-000000000001';
    expect(mutationLabel({ name: 'bot.setActive', args: { botId, isActive: false } })).toBe('Desativar bot');
    expect(mutationLabel({ name: 'flow.setEnabled', args: { flowId: botId, enabled: true } })).toBe('Ativar fluxo');
    expect(mutationLabel({ name: 'desconhecida', args: {} })).toBe('Alteração');
  });

  test("a refused change is announced with the failure toast of that write (docs/product.md#toasts)", () => {
    const id = '00000000-0000-4000-8000-000000000001';
    expect(refusalTitle({ name: 'welcome.save', args: {} })).toBe('Erro ao salvar mensagem');
    expect(refusalTitle({ name: 'node.create', args: {} })).toBe('Erro ao adicionar nó');
    expect(refusalTitle({ name: 'connection.delete', args: {} })).toBe('Erro ao deletar conexão');
    expect(refusalTitle({ name: 'flow.setEnabled', args: {} })).toBe('Erro ao atualizar status do fluxo');
    expect(refusalTitle({ name: 'flow.update', args: { flowId: id, changes: { name: 'Novo' } } })).toBe('Erro ao atualizar nome');
    expect(refusalTitle({ name: 'flow.update', args: { flowId: id, changes: { name: 'Novo', description: 'x' } } })).toBe('Erro ao atualizar fluxo');
    for (const name of MUTATION_NAMES) expect(refusalTitle({ name, args: {} })).toStartWith('Erro ao ');
    expect(refusalTitle({ name: 'desconhecida', args: {} })).toBe('Alteração recusada pelo servidor: Alteração');
  });

  test('counts in the singular and the plural', () => {
    expect(SYNC_UI_TEXTS.pending(1)).toBe('1 alteração pendente');
    expect(SYNC_UI_TEXTS.pending(3)).toBe('3 alterações pendentes');
    expect(SYNC_UI_TEXTS.rejected(2)).toBe('2 alterações recusadas');
  });
});

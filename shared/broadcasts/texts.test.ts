import { describe, expect, test } from 'bun:test';
import { BROADCAST_TEXTS, BROADCAST_TOASTS } from './texts.ts';

describe('who a broadcast reaches, in words', () => {
  test('the send question counts the people who will receive it, in the right plural', () => {
    expect(BROADCAST_TEXTS.willReach(1, 0)).toBe('Será enviado para 1 contato.');
    expect(BROADCAST_TEXTS.willReach(1234, 0)).toBe('Será enviado para 1.234 contatos.');
    expect(BROADCAST_TEXTS.willReach(5, 1)).toBe('Será enviado para 4 contatos. 1 contato bloqueou o bot e fica de fora.');
    expect(BROADCAST_TEXTS.willReach(5, 3)).toBe('Será enviado para 2 contatos. 3 contatos bloquearam o bot e ficam de fora.');
    expect(BROADCAST_TEXTS.willReach(0, 0)).toBe('Nenhum contato vai receber este disparo.');
  });

  test('a row not sent yet shows its audience', () => {
    expect(BROADCAST_TEXTS.audienceToReach(1)).toBe('Vai para 1 contato');
    expect(BROADCAST_TEXTS.audienceToReach(2500)).toBe('Vai para 2.500 contatos');
    expect(BROADCAST_TEXTS.audienceToReach(0)).toBe('Nenhum contato no público');
  });

  test('the screens say "disparo", never "broadcast"', () => {
    const shown = [...Object.values(BROADCAST_TOASTS), BROADCAST_TEXTS.confirmSend, BROADCAST_TEXTS.confirmCancel, BROADCAST_TEXTS.confirmDelete, BROADCAST_TEXTS.confirmStop];
    expect(shown.filter((text) => /broadcast/i.test(text))).toEqual([]);
    expect(BROADCAST_TOASTS.created).toBe('Disparo criado com sucesso!');
  });
});

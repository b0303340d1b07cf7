import { describe, expect, test } from 'bun:test';
import { deletionLines } from './deletion-summary.ts';

const none = { bots: 0, contacts: 0, conversations: 0, messages: 0, flows: 0, broadcasts: 0, funnels: 0, pixels: 0, mediaFiles: 0 };

describe('what deleting the account erases', () => {
  test('names each non-zero count in pt-BR, singular or plural, with thousands separated', () => {
    expect(deletionLines({ ...none, bots: 1, contacts: 2, messages: 1250, funnels: 3, mediaFiles: 1 })).toEqual([
      '1 bot',
      '2 contatos',
      '1.250 mensagens',
      '3 funis',
      '1 arquivo de mídia',
    ]);
  });

  test('an empty account has nothing to list', () => {
    expect(deletionLines(none)).toEqual([]);
  });
});

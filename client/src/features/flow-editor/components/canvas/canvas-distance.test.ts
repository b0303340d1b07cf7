import { describe, expect, test } from 'bun:test';
import { FAR_LABEL_LENGTH, farLabel } from './canvas-distance.ts';

describe('farLabel', () => {
  test('keeps a label that fits', () => {
    expect(farLabel('Enviar texto')).toBe('Enviar texto');
    expect(farLabel('a'.repeat(FAR_LABEL_LENGTH))).toBe('a'.repeat(FAR_LABEL_LENGTH));
  });

  test('cuts a longer label to the limit, ellipsis included, without a trailing space', () => {
    expect(farLabel('Enviar mensagem com botões')).toBe('Enviar mensagem c…');
    expect(farLabel('Mensagem de boas vindas')).toBe('Mensagem de boas…');
    expect([...farLabel('W'.repeat(40))]).toHaveLength(FAR_LABEL_LENGTH);
  });

  test('counts characters, not UTF-16 units', () => {
    expect(farLabel('🚀'.repeat(FAR_LABEL_LENGTH))).toBe('🚀'.repeat(FAR_LABEL_LENGTH));
  });
});

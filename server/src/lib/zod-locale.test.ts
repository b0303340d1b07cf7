import { describe, expect, test } from 'bun:test';
import { z } from 'zod';
import './zod-locale.ts';

const message = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('default validation texts', () => {
  test('are Brazilian Portuguese for the common issues', () => {
    expect(message(z.object({ a: z.string() }), {})).toBe('Campo obrigatório');
    expect(message(z.number(), 'x')).toBe('Valor inválido');
    expect(message(z.string().min(2), 'a')).toBe('Deve ter pelo menos 2 caracteres');
    expect(message(z.string().max(1), 'ab')).toBe('Deve ter no máximo 1 caractere');
    expect(message(z.array(z.string()).max(3), ['a', 'b', 'c', 'd'])).toBe('Deve ter no máximo 3 itens');
    expect(message(z.number().min(1), 0)).toBe('Deve ser no mínimo 1');
    expect(message(z.number().positive(), 0)).toBe('Deve ser maior que 0');
    expect(message(z.number().lt(5), 5)).toBe('Deve ser menor que 5');
    expect(message(z.enum(['a', 'b']), 'c')).toBe('Opção inválida');
  });

  test("keep the schema's own text when it has one", () => {
    expect(message(z.string().min(2, { error: 'Nome muito curto' }), 'a')).toBe('Nome muito curto');
  });
});

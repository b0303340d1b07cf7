import { describe, expect, test } from 'bun:test';
import { FLOW_VARIABLES } from '@shared/flows/variables.ts';
import { VARIABLE_PATH_TEXTS, variablePathError, variableSuggestions } from './variable-path.ts';

describe('if_else variable path', () => {
  test('accepts the known variables, paths inside the HTTP response, braces and an empty draft', () => {
    for (const variable of ['contact.firstName', 'http.status', 'http.body.pedido.id', 'http.body.itens.0.nome', '{{ http.body.ok }}', '']) {
      expect(variablePathError({ variable, operator: 'equals', value: '' })).toBeUndefined();
    }
  });

  test('refuses a path with spaces or empty segments, and one longer than the shared schema allows, in pt-BR', () => {
    expect(variablePathError({ variable: 'http body' })).toBe(VARIABLE_PATH_TEXTS.invalid);
    expect(variablePathError({ variable: 'http..body' })).toBe(VARIABLE_PATH_TEXTS.invalid);
    expect(variablePathError({ variable: `http.body.${'a'.repeat(200)}` })).toBe(VARIABLE_PATH_TEXTS.tooLong);
  });

  test('suggestions are the shared list offline, extended by the server list', () => {
    expect(variableSuggestions()).toEqual(FLOW_VARIABLES);
    const extra = { path: 'http.body.pedido', type: 'object' as const, description: 'Pedido', example: '{}' };
    const renamed = { ...FLOW_VARIABLES[0]!, description: 'Primeiro nome' };
    const merged = variableSuggestions([renamed, extra]);
    expect(merged.map((v) => v.path)).toEqual([...FLOW_VARIABLES.map((v) => v.path), 'http.body.pedido']);
    expect(merged[0]?.description).toBe('Primeiro nome');
  });
});

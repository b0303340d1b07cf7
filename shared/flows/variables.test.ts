import { describe, expect, test } from 'bun:test';
import { unknownVariables, variableTokens } from './variables.ts';

describe('unknown variables', () => {
  test('a flow text with the welcome syntax is flagged with the flow variable it meant', () => {
    expect(unknownVariables('Oi {first_name}!', 'flow').map((i) => i.message)).toEqual([
      'Variável desconhecida: {first_name} — você quis dizer {{contact.firstName}}?',
    ]);
    expect(unknownVariables('{{contact.frstName}} {{ chat.title }} {{http.body.id}}', 'flow').map((i) => i.suggestion)).toEqual(['{{contact.firstName}}']);
    expect(unknownVariables('{{nada.disso}}', 'flow')[0]?.message).toBe('Variável desconhecida: {{nada.disso}}');
  });
  test('the access trigger variables are known, and their everyday names point to them', () => {
    expect(unknownVariables('{{access.planName}} {{access.daysLeft}} {{access.until}}', 'flow')).toEqual([]);
    expect(unknownVariables('{{plano}} {{dias_restantes}} {{acesso_ate}}', 'flow').map((i) => i.suggestion)).toEqual([
      '{{access.planName}}', '{{access.daysLeft}}', '{{access.until}}',
    ]);
  });
  test('known variables, JSON and repeated mistakes', () => {
    expect(unknownVariables('{{contact.firstName}} {{now.date}}', 'flow')).toEqual([]);
    expect(unknownVariables('{"a": 1} {first_name} {first_name}', 'flow')).toHaveLength(1);
  });
  test('welcome messages keep their four names and flag the flow syntax', () => {
    expect(unknownVariables('Olá {firstName}, bem-vindo ao {channel}', 'welcome')).toEqual([]);
    expect(unknownVariables('Olá {{contact.firstName}} {first_name} {canal}', 'welcome').map((i) => i.suggestion)).toEqual(['{firstName}', '{firstName}', '{channel}']);
  });
  test('tokens come in order with their place and whether they are known', () => {
    expect(variableTokens('a {{chat.id}} b {x}', 'flow')).toEqual([
      { text: '{{chat.id}}', start: 2, end: 13, known: true },
      { text: '{x}', start: 16, end: 19, known: false },
    ]);
  });
});

/** if_else with each operator of the shared schema and random, over the variables of docs/decisions.md#d-flow-variables. */
import { describe, expect, test } from 'bun:test';
import { evaluateIfElse, evaluateRandom } from './conditions.ts';
import { buildVariables, renderTemplate, type Variables } from './variables.ts';

const variables: Variables = {
  ...buildVariables({
    user: { id: 42, first_name: 'José', last_name: 'Araújo', username: 'jose' },
    messageText: 'Quero saber o PREÇO do plano',
    commandArgs: 'promo10',
    chat: { id: 42, title: 'Privado' },
    botUsername: 'canalize_bot',
  }),
  http: { status: 201, body: { plano: { nome: 'Ouro', vagas: 9 }, tags: ['vip'] } },
};

const check = (variable: string, operator: 'equals' | 'notEquals' | 'contains' | 'notContains' | 'greaterThan' | 'lessThan', value: string) =>
  evaluateIfElse({ variable, operator, value }, variables);

describe('if_else', () => {
  test('equals and notEquals compare exactly after trimming', () => {
    expect(check('contact.firstName', 'equals', ' José ')).toBe(true);
    expect(check('contact.firstName', 'equals', 'jose')).toBe(false);
    expect(check('contact.firstName', 'notEquals', 'jose')).toBe(true);
    expect(check('contact.firstName', 'notEquals', 'José')).toBe(false);
    expect(check('command.args', 'equals', 'promo10')).toBe(true);
  });

  test('contains and notContains ignore case and accents', () => {
    expect(check('message.text', 'contains', 'preco')).toBe(true);
    expect(check('message.text', 'contains', 'Plano')).toBe(true);
    expect(check('message.text', 'contains', 'desconto')).toBe(false);
    expect(check('message.text', 'notContains', 'desconto')).toBe(true);
    expect(check('message.text', 'notContains', 'PRECO')).toBe(false);
  });

  test('greaterThan and lessThan compare numbers as numbers, text as pt-BR text', () => {
    expect(check('http.status', 'greaterThan', '199')).toBe(true);
    expect(check('http.status', 'lessThan', '300')).toBe(true);
    expect(check('http.status', 'greaterThan', '201')).toBe(false);
    // As text "9" > "10"; as numbers it is not.
    expect(check('http.body.plano.vagas', 'lessThan', '10')).toBe(true);
    expect(check('contact.lastName', 'greaterThan', 'Abreu')).toBe(true);
    expect(check('contact.lastName', 'lessThan', 'Abreu')).toBe(false);
  });

  test('reads nested response fields, accepts {{path}}, and renders variables in the value', () => {
    expect(check('http.body.plano.nome', 'equals', 'Ouro')).toBe(true);
    expect(check('{{ http.body.plano.nome }}', 'equals', 'Ouro')).toBe(true);
    expect(check('contact.username', 'equals', '{{contact.username}}')).toBe(true);
    expect(check('http.body.tags', 'contains', 'vip')).toBe(true);
    // A missing variable is empty text, never an error.
    expect(check('http.body.inexistente', 'equals', '')).toBe(true);
    expect(check('http.body.inexistente.mais', 'notEquals', 'x')).toBe(true);
  });

  test('the variables render in templates the same way', () => {
    expect(renderTemplate('Olá {{contact.firstName}} (@{{contact.username}}) — {{http.body.plano.nome}}', variables)).toBe('Olá José (@jose) — Ouro');
    expect(renderTemplate('<b>{{message.text}}</b>', { message: { text: '<i>x</i> & y' } }, true)).toBe('<b>&lt;i&gt;x&lt;/i&gt; &amp; y</b>');
    // A name with a quote stays inside the attribute it lands in: one link, to the operator's page.
    expect(renderTemplate('<a href="https://loja/?ref={{contact.firstName}}">Loja</a>', { contact: { firstName: 'x" href="https://evil.example/phish' } }, true))
      .toBe('<a href="https://loja/?ref=x&quot; href=&quot;https://evil.example/phish">Loja</a>');
  });
});

describe('random', () => {
  test('takes the true branch when the draw falls under the probability', () => {
    expect(evaluateRandom({ probability: 0.3 }, () => 0.29)).toBe(true);
    expect(evaluateRandom({ probability: 0.3 }, () => 0.3)).toBe(false);
    expect(evaluateRandom({ probability: 0 }, () => 0)).toBe(false);
    expect(evaluateRandom({ probability: 1 }, () => 0.999)).toBe(true);
  });
});

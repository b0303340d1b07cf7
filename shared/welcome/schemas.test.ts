import { describe, expect, test } from 'bun:test';
import { fieldErrors } from '../api/validation.ts';
import { renderWelcome } from './render.ts';
import { buttonTypeFor, welcomeMessageInputSchema } from './schemas.ts';

describe('welcome message rules', () => {
  test('derives the button type from the value', () => {
    expect(buttonTypeFor('HTTPS://t.me/x')).toBe('url');
    expect(buttonTypeFor('http://a.b')).toBe('url');
    expect(buttonTypeFor('quero_entrar')).toBe('callback');
  });

  test('applies the docs/product.md#entity-welcome defaults and overrides a sent type', () => {
    const parsed = welcomeMessageInputSchema.parse({ message: 'Oi', buttons: [{ text: 'Site', value: 'https://a.com', type: 'callback' }] });
    expect(parsed).toMatchObject({ enabled: true, triggerOn: 'ON_MEMBER_JOINED', autoApprove: true, sendToPrivate: false });
    expect(parsed.buttons[0]?.type).toBe('url');
  });

  test('reports every rule with its pt-BR text', () => {
    const result = welcomeMessageInputSchema.safeParse({
      message: '   ',
      buttons: [{ text: ' ', value: 'x' }, { text: 'Site', value: 'https://' }, { text: 'a'.repeat(51), value: ' ' }],
    });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({
      message: 'Mensagem não pode ser vazia',
      'buttons.0.text': 'Texto do botão não pode ser vazio',
      'buttons.1.value': 'URL do botão inválida: Site',
      'buttons.2.text': 'Texto do botão deve ter no máximo 50 caracteres',
      'buttons.2.value': 'Valor do botão não pode ser vazio',
    });
    const many = Array.from({ length: 5 }, (_, i) => ({ text: `b${i}`, value: `v${i}` }));
    expect(fieldErrors(welcomeMessageInputSchema.safeParse({ message: 'x', buttons: many }).error!).buttons).toBe('Máximo de 4 botões permitidos');
  });

  test('renders variables escaped, username with @ or the first name', () => {
    const template = 'Olá {username} ({firstName} {lastName}) em {channel}!';
    expect(renderWelcome(template, { firstName: 'Ana<b>', lastName: null, username: 'ana', channel: 'A & B' })).toBe('Olá @ana (Ana&lt;b&gt; ) em A &amp; B!');
    expect(renderWelcome('{username}', { firstName: 'Zé', channel: 'c' })).toBe('Zé');
  });
});

import { describe, expect, test } from 'bun:test';
import { DEFAULT_WELCOME } from '@shared/welcome/schemas.ts';
import { toFormValues, validateWelcomeForm } from './welcome-form.ts';

describe('welcome form validation', () => {
  test('leaves buttons out of the request when there are none', () => {
    const result = validateWelcomeForm({ ...toFormValues(DEFAULT_WELCOME), message: ' Olá {firstName} ' });
    expect(result).toEqual({
      ok: true,
      payload: { message: 'Olá {firstName}', enabled: false, triggerOn: 'ON_MEMBER_JOINED', autoApprove: true, sendToPrivate: false },
    });
  });

  test('sends buttons with the derived type', () => {
    const values = toFormValues({ ...DEFAULT_WELCOME, message: 'Oi', buttons: [{ text: 'Site', value: 'https://exemplo.com', type: 'callback' }] });
    const result = validateWelcomeForm(values);
    expect(result.ok && result.payload.buttons).toEqual([{ text: 'Site', value: 'https://exemplo.com', type: 'url' }]);
  });

  test('puts every error of docs/product.md#rules-welcome under its field, buttons by row', () => {
    const values = toFormValues({
      ...DEFAULT_WELCOME,
      message: '   ',
      buttons: [
        { text: '', value: '', type: 'callback' },
        { text: 'Site', value: 'https://', type: 'url' },
      ],
    });
    const [first, second] = values.buttons;
    const result = validateWelcomeForm(values);
    expect(result).toEqual({
      ok: false,
      errors: {
        message: 'Mensagem não pode ser vazia',
        [`buttons.${first?.key}.text`]: 'Texto do botão não pode ser vazio',
        [`buttons.${first?.key}.value`]: 'Valor do botão não pode ser vazio',
        [`buttons.${second?.key}.value`]: 'URL do botão inválida: Site',
      },
    });
  });
});

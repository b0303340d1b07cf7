import { describe, expect, test } from 'bun:test';
import { checkPasswordForm } from './password-form.ts';

describe('change password form', () => {
  test('a current password, a new one of 6+ characters typed twice the same', () => {
    expect(checkPasswordForm({ currentPassword: 'antiga', newPassword: 'nova-senha', confirmation: 'nova-senha' })).toEqual({
      ok: true,
      input: { currentPassword: 'antiga', newPassword: 'nova-senha' },
    });
  });

  test('each rule answers under its field, in pt-BR', () => {
    expect(checkPasswordForm({ currentPassword: '', newPassword: '12345', confirmation: '1234' })).toEqual({
      ok: false,
      errors: {
        currentPassword: 'Informe sua senha atual',
        newPassword: 'Senha deve ter no mínimo 6 caracteres',
        confirmation: 'As senhas não coincidem',
      },
    });
  });
});

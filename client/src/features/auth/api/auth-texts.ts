/** The account screens' pt-BR texts (part 1 §2, §8), verbatim. */
export const AUTH_UI_TEXTS = {
  loginSuccess: 'Login realizado com sucesso!',
  loginError: 'Erro ao fazer login',
  registerSuccess: 'Conta criada com sucesso!',
  registerError: 'Erro ao criar conta',
} as const;

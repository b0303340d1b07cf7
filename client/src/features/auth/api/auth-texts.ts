/** The account screens' pt-BR texts (docs/product.md#screen-login, #toasts-account), verbatim. */
export const AUTH_UI_TEXTS = {
  loginSuccess: 'Login realizado com sucesso!',
  loginError: 'Erro ao fazer login',
  registerSuccess: 'Conta criada com sucesso!',
  registerError: 'Erro ao criar conta',
} as const;

/** The pt-BR texts of the "Esqueci minha senha" and "Redefinir senha" screens. */
export const RESET_TEXTS = {
  forgotLink: 'Esqueci minha senha',
  forgotTitle: 'Esqueci minha senha',
  forgotSubtitle: 'Informe o e-mail da sua conta e enviaremos um link para você escolher uma nova senha.',
  submitRequest: 'Enviar link',
  sentTitle: 'Confira seu e-mail',
  sent: (email: string, minutes: number) =>
    `Se existir uma conta com o e-mail ${email}, enviamos para ele um link para redefinir a senha. O link vale por ${minutes} minutos e só pode ser usado uma vez. Não chegou? Confira a caixa de spam.`,
  unavailableTitle: 'Fale com o administrador',
  unavailable:
    'Este servidor não está configurado para enviar e-mails, então a senha não pode ser redefinida por aqui. Peça ao administrador do Canalize para redefinir sua senha.',
  backToLogin: 'Voltar para o login',
  resetTitle: 'Redefinir senha',
  resetSubtitle: (email: string) => `Escolha uma nova senha para ${email}.`,
  newPassword: 'Nova senha',
  submitReset: 'Salvar nova senha',
  resetDone: 'Senha redefinida! Entre com a nova senha.',
  checkingLink: 'Verificando o link…',
  checkingServer: 'Consultando o servidor…',
  retry: 'Tentar novamente',
  missingToken: 'Este endereço não traz um link de redefinição de senha. Abra o link do e-mail inteiro ou peça um novo.',
  askNewLink: 'Pedir um novo link',
  availabilityError: 'Não foi possível consultar o servidor. Tente novamente.',
  requestError: 'Erro ao pedir a redefinição de senha',
  linkError: 'Não foi possível verificar o link. Tente novamente.',
  confirmError: 'Erro ao redefinir a senha',
} as const;

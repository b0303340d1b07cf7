/**
 * Error codes shared by server and client, each with the pt-BR text a user sees.
 * Texts quoted in docs/product.md#validation, #toasts and docs/decisions.md#d-accounts, #d-bots-channels are verbatim.
 */
export const ERROR_MESSAGES = {
  VALIDATION_FAILED: 'Dados inválidos',
  MALFORMED_JSON: 'Corpo da requisição inválido (JSON malformado)',
  UNAUTHENTICATED: 'Não autenticado',
  TOKEN_EXPIRED: 'Sessão expirada',
  INVALID_REFRESH_TOKEN: 'Sessão inválida. Faça login novamente.',
  // Not 'Email já cadastrado': a stranger must not learn from it which e-mails have accounts (docs/decisions.md#registration).
  REGISTRATION_REFUSED: 'Não foi possível criar a conta com estes dados. Se você já tem uma conta, entre com seu e-mail e senha.',
  INVALID_CREDENTIALS: 'Email ou senha inválidos',
  TOO_MANY_ATTEMPTS: 'Muitas tentativas. Tente novamente em alguns minutos.',
  // Password reset (docs/decisions.md#password-reset): without SMTP_URL no message is ever claimed to be sent.
  PASSWORD_RESET_UNAVAILABLE:
    'A redefinição de senha por e-mail não está configurada neste servidor. Peça ao administrador do Canalize para redefinir sua senha.',
  EMAIL_NOT_SENT: 'Não foi possível enviar o e-mail agora. Tente novamente em alguns minutos.',
  RESET_LINK_INVALID: 'Este link de redefinição de senha não é válido. Confira se ele foi copiado inteiro ou peça um novo.',
  RESET_LINK_USED: 'Este link de redefinição de senha já foi usado. Se precisar, peça um novo.',
  RESET_LINK_EXPIRED: 'Este link de redefinição de senha expirou. Peça um novo.',
  // The signed-in user's own password, asked again before a change of password or the account's deletion.
  WRONG_PASSWORD: 'Senha incorreta',
  NOT_FOUND: 'Recurso não encontrado',
  CONNECTION_INVALID: 'A conexão precisa de origem e destino existentes no mesmo fluxo',
  CONNECTION_EXISTS: 'Esta conexão já existe',
  // A well-formed token Telegram does not know (revoked, or a typo in the secret); a malformed one never gets here.
  BOT_TOKEN_INVALID: 'O Telegram não reconheceu este token. Confira no @BotFather se ele está completo e não foi revogado.',
  BOT_ALREADY_REGISTERED: 'Este bot já está cadastrado',
  // The owner re-adding a bot of their own trash: restoring it brings back what it had (docs/decisions.md#bot-trash).
  BOT_IN_TRASH: 'Este bot está na Lixeira. Restaure-o em Bots › Lixeira para usá-lo de novo com seus contatos, conversas e fluxos.',
  TELEGRAM_UNREACHABLE: 'Não foi possível validar o token no Telegram',
  TELEGRAM_SYNC_FAILED: 'Não foi possível consultar o Telegram. Tente novamente.',
  BOT_TOKEN_REJECTED: 'O Telegram recusou o token deste bot. Cadastre um token válido.',
  WEBHOOK_FORBIDDEN: 'Acesso negado',
  BOT_NOT_RUNNING: 'Bot indisponível no momento',
  MESSAGE_NOT_DELIVERED: 'Erro ao enviar mensagem',
  // shared/pixels/schemas.ts PIXEL_TEXTS: the server answers metaRefused(Meta's message) and metaUnreachable.
  META_REFUSED: 'O Meta recusou o evento',
  META_UNREACHABLE: 'Não foi possível falar com o Meta agora. Tente de novo em instantes.',
  BROADCAST_INVALID_TRANSITION: 'Esta ação não é permitida no status atual do disparo',
  ROUTE_NOT_FOUND: 'Rota não encontrada',
  INVALID_HOST: 'Cabeçalho Host inválido',
  PAYLOAD_TOO_LARGE: 'Arquivo ou corpo grande demais',
  UNSUPPORTED_MEDIA_TYPE: 'Tipo de conteúdo não suportado',
  MEDIA_TOO_LARGE: 'Arquivo muito grande. Máximo: 20MB',
  MEDIA_TYPE_NOT_ALLOWED:
    'Tipo de arquivo não permitido. Envie imagem (JPEG, PNG, GIF, WebP), vídeo (MP4, MOV, AVI), áudio (MP3, WAV, OGG) ou documento (PDF, DOC, DOCX, TXT).',
  MEDIA_UNREADABLE: 'Erro ao processar arquivo',
  STORAGE_FULL: 'O servidor está sem espaço para guardar arquivos. Tente novamente mais tarde.',
  // The server answers it with the numbers (modules/media/quota.ts).
  STORAGE_QUOTA_EXCEEDED: 'Limite de armazenamento da conta atingido.',
  // Team (shared/team/permissions.ts): a role without the area, a member removed since the token was issued.
  ROLE_FORBIDDEN: 'Seu papel nesta equipe não permite esta ação.',
  NOT_A_MEMBER: 'Você não faz mais parte desta equipe.',
  INVITATION_INVALID: 'Convite inválido, expirado ou já usado.',
  INVITATION_EMAIL_MISMATCH: 'Este convite foi feito para outro e-mail. Entre com a conta convidada.',
  LAST_OWNER: 'A equipe precisa de pelo menos um proprietário.',
  FOUNDER_PROTECTED: 'Quem criou a equipe não pode ser removido nem deixar de ser proprietário.',
  // Quick replies (shared/quick-replies/schemas.ts): one shortcut per workspace, a bounded list.
  QUICK_REPLY_SHORTCUT_TAKEN: 'Já existe uma resposta rápida com este atalho.',
  QUICK_REPLY_LIMIT: 'Limite de 200 respostas rápidas atingido. Exclua uma para criar outra.',
  // API keys (shared/api-keys/schemas.ts): unknown or revoked, a route out of the key's scopes or closed to keys, throttled.
  API_KEY_INVALID: 'Chave de API inválida ou revogada.',
  API_KEY_SCOPE_MISSING: 'Esta chave de API não tem permissão para esta ação.',
  API_KEY_ROUTE_CLOSED: 'Chaves de API não têm acesso a esta rota.',
  API_KEY_THROTTLED: 'Muitas requisições com esta chave de API. Aguarde alguns segundos e tente de novo.',
  API_KEY_LIMIT: 'Limite de 50 chaves de API ativas atingido. Revogue uma para criar outra.',
  ASSIGNEE_NOT_MEMBER: 'O responsável precisa ser membro desta equipe.',
  // Paid access webhooks (shared/access/webhook-log.ts): a refused signature stores nothing; a verified event the
  // plan cannot use is kept as "não processado" with its reason as the message.
  WEBHOOK_SIGNATURE_INVALID: 'Assinatura ou token do webhook inválido.',
  WEBHOOK_NOT_PROCESSED: 'Webhook recebido, mas não processado.',
  // Outgoing webhooks (shared/webhooks/schemas.ts): a bounded list per workspace, a redelivery of what is still queued.
  WEBHOOK_LIMIT: 'Limite de 20 webhooks por equipe atingido. Exclua um para criar outro.',
  WEBHOOK_DELIVERY_QUEUED: 'Esta entrega ainda está na fila: ela será enviada sem precisar reenviar.',
  // Contacts import (shared/contacts/import.ts): the file, then the dry-run's life.
  CONTACT_IMPORT_TOO_LARGE: 'Arquivo muito grande. Máximo: 20MB e 200.000 linhas.',
  CONTACT_IMPORT_UNREADABLE: 'Não foi possível ler o arquivo. Envie um CSV (separado por ; ou ,) com uma linha de cabeçalho.',
  CONTACT_IMPORT_EMPTY: 'O arquivo não tem linhas de contatos.',
  CONTACT_IMPORT_NOTHING_VALID: 'Nenhuma linha válida para importar. Corrija o arquivo e envie de novo.',
  CONTACT_IMPORT_STARTED: 'Esta importação já foi iniciada.',
  CONTACT_IMPORT_EXPIRED: 'Esta verificação expirou. Envie o arquivo de novo.',
  DATABASE_UNAVAILABLE: 'Banco de dados indisponível',
  MIGRATIONS_PENDING: 'O servidor ainda está atualizando o banco de dados. Tente de novo em instantes.',
  SERVER_STOPPING: 'O servidor está sendo encerrado. Tente de novo em instantes.',
  INTERNAL_ERROR: 'Erro interno do servidor. Tente novamente mais tarde.',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

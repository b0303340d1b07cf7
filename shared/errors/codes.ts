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
  NOT_FOUND: 'Recurso não encontrado',
  CONNECTION_INVALID: 'A conexão precisa de origem e destino existentes no mesmo fluxo',
  CONNECTION_EXISTS: 'Esta conexão já existe',
  // A well-formed token Telegram does not know (revoked, or a typo in the secret); a malformed one never gets here.
  BOT_TOKEN_INVALID: 'O Telegram não reconheceu este token. Confira no @BotFather se ele está completo e não foi revogado.',
  BOT_ALREADY_REGISTERED: 'Este bot já está cadastrado',
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
  DATABASE_UNAVAILABLE: 'Banco de dados indisponível',
  MIGRATIONS_PENDING: 'O servidor ainda está atualizando o banco de dados. Tente de novo em instantes.',
  SERVER_STOPPING: 'O servidor está sendo encerrado. Tente de novo em instantes.',
  INTERNAL_ERROR: 'Erro interno do servidor. Tente novamente mais tarde.',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

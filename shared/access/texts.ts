/**
 * Paid access ("Acessos", docs/product.md#acessos): the states of an access with their pt-BR labels, the limits
 * and the texts the forms and the API share.
 */
export const ACCESS_STATUSES = ['AWAITING_LINK', 'ACTIVE', 'GRACE', 'EXPIRED', 'REFUNDED', 'CHARGEBACK', 'CANCELED', 'REVOKED'] as const;
export type AccessStatus = (typeof ACCESS_STATUSES)[number];

export const ACCESS_STATUS_LABELS: Record<AccessStatus, string> = {
  AWAITING_LINK: 'Aguardando vínculo',
  ACTIVE: 'Ativo',
  GRACE: 'Em carência',
  EXPIRED: 'Expirado',
  REFUNDED: 'Reembolsado',
  CHARGEBACK: 'Estornado',
  CANCELED: 'Cancelado',
  REVOKED: 'Revogado',
};

/** Statuses that let the person into the plan's chats; every other one ends with removal. */
export const HOLDING_STATUSES: readonly AccessStatus[] = ['AWAITING_LINK', 'ACTIVE', 'GRACE'];

/**
 * Whether an access lets its person in now. A canceled subscription keeps what was paid for: CANCELED holds until
 * its access_until, then the person is removed (refunds, chargebacks and revocations end at once).
 */
export const holdsAccess = (status: AccessStatus, accessUntil: Date | null, now: Date) =>
  HOLDING_STATUSES.includes(status) || (status === 'CANCELED' && accessUntil !== null && accessUntil > now);

export const ACCESS_SOURCES = ['hotmart', 'kiwify', 'eduzz', 'generic', 'stars', 'manual'] as const;
export type AccessSource = (typeof ACCESS_SOURCES)[number];

export const ACCESS_SOURCE_LABELS: Record<AccessSource, string> = {
  hotmart: 'Hotmart', kiwify: 'Kiwify', eduzz: 'Eduzz', generic: 'Webhook genérico', stars: 'Telegram Stars', manual: 'Concessão manual',
};

export const ACCESS_CAUSES = ['webhook', 'operator', 'schedule', 'telegram'] as const;
export type AccessCause = (typeof ACCESS_CAUSES)[number];

export const ACCESS_LIMITS = {
  nameMax: 80,
  durationMaxDays: 3650,
  graceMaxDays: 90,
  defaultGraceDays: 1,
  channelsPerPlan: 20,
  plansPerWorkspace: 100,
  /** Days a claim link stays usable; the operator can issue a new one from the member's page. */
  claimDays: 30,
  emailMax: 254,
  productIdMax: 100,
} as const;

export const ACCESS_TEXTS = {
  nameRequired: 'Nome do plano é obrigatório',
  nameTooLong: `Nome do plano deve ter no máximo ${ACCESS_LIMITS.nameMax} caracteres`,
  botRequired: 'Escolha o bot do plano',
  channelsRequired: 'Escolha pelo menos um canal ou grupo',
  tooManyChannels: `Um plano abre no máximo ${ACCESS_LIMITS.channelsPerPlan} canais ou grupos`,
  channelNotOfBot: 'Canal ou grupo não encontrado neste bot',
  durationInvalid: `Duração deve ser de 1 a ${ACCESS_LIMITS.durationMaxDays} dias, ou vitalícia`,
  durationRequired: 'Informe a duração em dias ou marque "vitalício"',
  graceInvalid: `Carência deve ser de 0 a ${ACCESS_LIMITS.graceMaxDays} dias`,
  priceInvalid: 'Preço inválido',
  tokenTooLong: 'Token grande demais',
  productIdInvalid: `Código do produto deve ter no máximo ${ACCESS_LIMITS.productIdMax} caracteres`,
  tooManyPlans: `Limite de ${ACCESS_LIMITS.plansPerWorkspace} planos por equipe atingido`,
  archived: 'Este plano está arquivado. Restaure-o para alterá-lo.',
  emailInvalid: 'E-mail inválido',
  accessUntilInvalid: 'Data de fim do acesso inválida',
  accessUntilPast: 'A nova data de fim do acesso precisa estar no futuro',
  memberEnded: 'Este acesso já terminou. Conceda um novo acesso para esta pessoa.',
  alreadyRevoked: 'Este acesso já foi revogado.',
  pixelInvalid: 'Pixel não encontrado',
  daysInvalid: `Informe de 1 a ${ACCESS_LIMITS.durationMaxDays} dias, ou vitalício`,
} as const;

/** "O bot precisa ser administrador com permissão de convidar e banir em <chat>". */
export const botLacksRights = (chat: string) =>
  `O bot precisa ser administrador com permissão para convidar e banir membros em "${chat}" antes de ativar o plano.`;

/** Texts of the team inbox's assignment and status (docs/product.md#screen-chat). */
export const ASSIGNMENT_UI_TEXTS = {
  whose: 'Responsável',
  mine: 'Minhas',
  none: 'Sem responsável',
  all: 'Todas',
  status: 'Situação',
  anyStatus: 'Todas as situações',
  open: 'Abertas',
  pending: 'Pendentes',
  resolved: 'Resolvidas',
  assignToMe: 'Atribuir a mim',
  you: 'Você',
  assignedToYou: 'Conversa atribuída a você',
  assignedToYouHint: (name: string) => `${name} atribuiu uma conversa a você.`,
  someone: 'Alguém da equipe',
  loadAssigneesError: 'Erro ao carregar a equipe',
  noMine: 'Nenhuma conversa atribuída a você',
  noUnassigned: 'Nenhuma conversa sem responsável',
  assignHint: 'Escolha o responsável no topo de cada conversa.',
  unassignedMark: 'Sem responsável',
  assignedTo: (name: string) => `Responsável: ${name}`,
  formerMember: 'Ex-membro da equipe',
} as const;

/** The status control's words for one conversation: aberta / pendente / resolvida. */
export const STATUS_OPTIONS = [
  { value: 'OPEN', label: 'Aberta' },
  { value: 'PENDING', label: 'Pendente' },
  { value: 'RESOLVED', label: 'Resolvida' },
] as const;

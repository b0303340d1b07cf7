/**
 * One line of the audit log in pt-BR ("Ana removeu o bot @loja_bot"): who, what, and the when and where beneath it.
 * The actor is the member's name as it is now; a line of an erased account says so.
 */
import type { AuditAction, AuditEntry } from '@shared/audit/schemas.ts';
import { JOIN_RULE_LABELS, JOIN_RULES } from '@shared/access/join-gate.ts';
import { ROLE_LABELS, ROLES, type Role } from '@shared/team/permissions.ts';

const roleOf = (value: unknown): Role | undefined => ROLES.find((role) => role === value);
const roleName = (value: unknown) => {
  const role = roleOf(value);
  return role ? ROLE_LABELS[role].toLowerCase() : 'outro papel';
};
const ruleName = (value: unknown) => {
  const rule = JOIN_RULES.find((known) => known === value);
  return rule ? `“${JOIN_RULE_LABELS[rule]}”` : 'outra regra';
};
const quoted = (name: string | null, fallback: string) => (name ? `“${name}”` : fallback);

type Describe = (entry: AuditEntry) => string;

/** "excluiu o fluxo “Boas-vindas”", or "excluiu um fluxo" when its name is not known. */
const named = (verb: string, noun: string, fallback: string): Describe => (entry) =>
  (entry.targetName ? `${verb} ${noun} “${entry.targetName}”` : `${verb} ${fallback}`);
const bot = (verb: string): Describe => (entry) => `${verb} o bot ${entry.targetName ?? '(excluído)'}`;

const SENTENCES: Record<AuditAction, Describe> = {
  'auth.sign_in': () => 'entrou na conta',
  'workspace.enter': () => 'entrou na equipe',
  'workspace.rename': (entry) => `renomeou a equipe para ${quoted(typeof entry.detail['name'] === 'string' ? entry.detail['name'] : null, 'outro nome')}`,
  'workspace.delete': () => 'excluiu a equipe e todos os seus dados',
  'member.invite': (entry) => `criou um convite de ${roleName(entry.detail['role'])}`,
  'member.join': (entry) => `entrou na equipe como ${roleName(entry.detail['role'])}`,
  'member.role_change': (entry) => `mudou o papel de ${entry.targetName ?? 'um membro'} para ${roleName(entry.detail['to'])}`,
  'member.remove': (entry) => `removeu ${entry.targetName ?? 'um membro'} da equipe`,
  'member.leave': () => 'saiu da equipe',
  'bot.create': bot('adicionou'),
  'bot.update': bot('alterou'),
  'bot.trash': bot('removeu'),
  'bot.restore': bot('restaurou'),
  'bot.purge': bot('excluiu para sempre'),
  'flow.create': named('criou', 'o fluxo', 'um fluxo'),
  'flow.update': named('alterou', 'o fluxo', 'um fluxo'),
  'flow.publish': named('ativou', 'o fluxo', 'um fluxo'),
  'flow.unpublish': named('desativou', 'o fluxo', 'um fluxo'),
  'flow.duplicate': named('duplicou um fluxo', 'como', 'como outro fluxo'),
  'flow.delete': named('excluiu', 'o fluxo', 'um fluxo'),
  'broadcast.create': named('criou', 'o disparo', 'um disparo'),
  'broadcast.update': named('alterou', 'o disparo', 'um disparo'),
  'broadcast.send': named('enviou', 'o disparo', 'um disparo'),
  'broadcast.cancel': named('cancelou', 'o disparo', 'um disparo'),
  'broadcast.stop': named('interrompeu', 'o disparo', 'um disparo'),
  'broadcast.delete': named('excluiu', 'o disparo', 'um disparo'),
  'pixel.create': named('adicionou', 'o pixel', 'um pixel'),
  'pixel.update': named('alterou', 'o pixel', 'um pixel'),
  'pixel.delete': named('excluiu', 'o pixel', 'um pixel'),
  'plan.create': named('criou', 'o plano de acesso', 'um plano de acesso'),
  'plan.update': named('alterou', 'o plano de acesso', 'um plano de acesso'),
  'plan.archive': named('arquivou', 'o plano de acesso', 'um plano de acesso'),
  'plan.remove_unpaid': named('mandou remover os membros sem acesso', 'do plano', 'de um plano'),
  'access.grant': named('concedeu um acesso', 'ao plano', 'a um plano'),
  'access.update': named('alterou o prazo de um acesso', 'do plano', 'de um plano'),
  'access.revoke': named('revogou um acesso', 'do plano', 'de um plano'),
  'access.refund': named('reembolsou em Stars um acesso', 'do plano', 'de um plano'),
  'gate.update': (entry) => `mudou quem entra ${entry.targetName ? `em “${entry.targetName}”` : 'em um grupo'} para ${ruleName(entry.detail['rule'])}`,
  'webhook.create': named('criou', 'o webhook para', 'um webhook'),
  'webhook.update': named('alterou', 'o webhook para', 'um webhook'),
  'webhook.delete': named('excluiu', 'o webhook para', 'um webhook'),
  'webhook.pause': named('pausou após falhas', 'o webhook para', 'um webhook'),
  'contact.export': () => 'exportou os dados de um contato',
  'contact.erase': () => 'apagou os dados de um contato',
  'contact.list_export': (entry) => `exportou a lista de contatos${entry.targetName ? ` do bot ${entry.targetName}` : ''} em CSV`,
  'contact.import': (entry) => `importou um CSV de ${String(entry.detail['rows'] ?? 0)} contatos para o bot ${entry.targetName ?? '(excluído)'}`,
  'account.export': () => 'exportou todos os dados da equipe',
  'key.create': named('criou', 'a chave de API', 'uma chave de API'),
  'key.revoke': named('revogou', 'a chave de API', 'uma chave de API'),
  'key.request': (entry) => `fez uma alteração pela API${typeof entry.detail['route'] === 'string' ? ` (${entry.detail['route']})` : ''}`,
};

export function actorName(entry: AuditEntry): string {
  if (entry.actor) return entry.actor.name;
  if (entry.apiKey) return `A chave de API “${entry.apiKey.name}” (${entry.apiKey.prefix}…)`;
  return entry.actorId ? 'Uma conta excluída' : 'O sistema';
}

export const auditSentence = (entry: AuditEntry): string => `${actorName(entry)} ${SENTENCES[entry.action](entry)}`;

/** "27/11/2026, 14:05" in the device's time zone. */
export const auditWhen = (iso: string): string => new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [[/Edg\//, 'Edge'], [/Firefox\//, 'Firefox'], [/Chrom(e|ium)\//, 'Chrome'], [/Safari\//, 'Safari']];
const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/Android/, 'Android'], [/iPhone|iPad/, 'iOS'], [/Windows/, 'Windows'], [/Mac OS X|Macintosh/, 'macOS'], [/Linux/, 'Linux'],
];

/** Where from: the browser and system the user agent names, and the address ("Chrome · Android · 203.0.113.7"). */
export function auditPlace(entry: Pick<AuditEntry, 'userAgent' | 'clientAddress'>): string {
  const agent = entry.userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  const parts = [browser, system, entry.clientAddress].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(' · ') : 'Origem desconhecida';
}

/** The filter of the screen: an action family of shared/audit/schemas.ts's names. */
export const AUDIT_FAMILIES = [
  ['', 'Todas as ações'], ['auth', 'Acessos'], ['member', 'Membros'], ['workspace', 'Equipe'], ['bot', 'Bots'], ['flow', 'Fluxos'],
  ['broadcast', 'Disparos'], ['pixel', 'Pixels'], ['plan', 'Planos de acesso'], ['access', 'Acessos pagos'], ['gate', 'Entrada nos grupos'],
  ['webhook', 'Webhooks'], ['contact', 'Contatos'], ['account', 'Exportações'], ['key', 'Chaves de API'],
] as const;

import { z } from 'zod';
import { successEnvelope } from '../api/envelope.ts';

/** docs/decisions.md#d-flow-variables: the variables a flow's texts can use as `{{path}}`, in this order. */
export const variableHintSchema = z.object({
  path: z.string(),
  type: z.enum(['string', 'number', 'object']),
  description: z.string(),
  example: z.string(),
});

export type VariableHint = z.infer<typeof variableHintSchema>;

export const FLOW_VARIABLES: VariableHint[] = [
  { path: 'contact.firstName', type: 'string', description: 'Nome do contato', example: 'Maria' },
  { path: 'contact.lastName', type: 'string', description: 'Sobrenome do contato', example: 'Silva' },
  { path: 'contact.username', type: 'string', description: 'Username do contato no Telegram', example: 'maria_silva' },
  { path: 'contact.telegramId', type: 'string', description: 'ID do contato no Telegram', example: '123456789' },
  { path: 'contact.phoneNumber', type: 'string', description: 'Telefone do contato', example: '+5511999999999' },
  { path: 'message.text', type: 'string', description: 'Texto da mensagem recebida', example: 'Olá!' },
  { path: 'command.args', type: 'string', description: 'Argumento do comando', example: 'abc' },
  { path: 'chat.id', type: 'string', description: 'ID do chat', example: '-1001234567890' },
  { path: 'chat.title', type: 'string', description: 'Título do grupo ou canal', example: 'Meu Grupo' },
  { path: 'bot.username', type: 'string', description: 'Username do bot', example: 'meu_bot' },
  { path: 'http.status', type: 'number', description: 'Status da última requisição HTTP', example: '200' },
  { path: 'http.body', type: 'object', description: 'Corpo da última resposta HTTP (use http.body.campo)', example: '{"ok":true}' },
  { path: 'access.planName', type: 'string', description: 'Plano de acesso (gatilho Acesso pago)', example: 'VIP Mensal' },
  { path: 'access.daysLeft', type: 'number', description: 'Dias de acesso restantes (gatilho Acesso pago)', example: '3' },
  { path: 'access.until', type: 'string', description: 'Acesso até (dd/mm/aaaa; gatilho Acesso pago)', example: '30/11/2026' },
  { path: 'now.date', type: 'string', description: 'Data atual (dd/mm/aaaa)', example: '23/11/2026' },
  { path: 'now.time', type: 'string', description: 'Hora atual (hh:mm)', example: '14:30' },
];

export const variablesResponseSchema = successEnvelope(z.object({ variables: z.array(variableHintSchema) }));

/**
 * Unknown variables (docs/decisions.md#d-flow-variables): both editors flag them before saving, with a suggestion,
 * without refusing the text. Flow texts write `{{path}}`; welcome messages keep their four `{name}`. A variable of
 * the other syntax (`{first_name}` in a flow, `{{contact.firstName}}` in a welcome) is unknown too: it would reach
 * the Telegram user as literal text.
 */
export type VariableSyntax = 'flow' | 'welcome';
export type VariableIssue = { found: string; suggestion: string | undefined; message: string };
export type VariableToken = { text: string; start: number; end: number; known: boolean };

export const WELCOME_VARIABLE_NAMES = ['username', 'firstName', 'lastName', 'channel'] as const;

const FLOW_TOKEN = /\{\{\s*([^{}]*?)\s*\}\}/g;
/** `{name}` not inside `{{…}}`: a welcome variable, or the other syntax by mistake. */
const SINGLE_TOKEN = /(?<!\{)\{([A-Za-z_][\w.]*)\}(?!\})/g;

const fold = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Everyday names for the variables, folded (lower case, letters and digits only). */
const FLOW_ALIASES: Record<string, string> = {
  name: 'contact.firstName', nome: 'contact.firstName', primeironome: 'contact.firstName', first: 'contact.firstName',
  sobrenome: 'contact.lastName', last: 'contact.lastName', user: 'contact.username', usuario: 'contact.username',
  phone: 'contact.phoneNumber', telefone: 'contact.phoneNumber', celular: 'contact.phoneNumber', userid: 'contact.telegramId',
  channel: 'chat.title', canal: 'chat.title', grupo: 'chat.title', text: 'message.text', texto: 'message.text', mensagem: 'message.text',
  args: 'command.args', plano: 'access.planName', plan: 'access.planName', diasrestantes: 'access.daysLeft', dias: 'access.daysLeft',
  acessoate: 'access.until', validade: 'access.until', vencimento: 'access.until', date: 'now.date', data: 'now.date', time: 'now.time', hora: 'now.time', botusername: 'bot.username',
};
const WELCOME_ALIASES: Record<string, string> = {
  contactfirstname: 'firstName', name: 'firstName', nome: 'firstName', first: 'firstName', contactlastname: 'lastName', sobrenome: 'lastName',
  contactusername: 'username', user: 'username', usuario: 'username', chattitle: 'channel', canal: 'channel', grupo: 'channel', title: 'channel',
};

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j] ?? 0;
      row[j] = Math.min(current + 1, (row[j - 1] ?? 0) + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length] ?? 0;
}

/** The known name nearest `name` (by folded spelling, its last segment, a common alias or a small typo). */
function nearest(name: string, known: readonly string[], aliases: Record<string, string>): string | undefined {
  const wanted = fold(name);
  const last = fold(name.split('.').at(-1) ?? name);
  const exact = known.find((k) => fold(k) === wanted) ?? known.find((k) => fold(k.split('.').at(-1) ?? k) === last) ?? aliases[wanted] ?? aliases[last];
  if (exact) return exact;
  let best: { name: string; cost: number } | undefined;
  for (const k of known) {
    const cost = Math.min(distance(wanted, fold(k)), distance(last, fold(k.split('.').at(-1) ?? k)));
    if (cost <= 2 && (!best || cost < best.cost)) best = { name: k, cost };
  }
  return best?.name;
}

const isKnownFlowPath = (path: string) => FLOW_VARIABLES.some((v) => v.path === path) || path.startsWith('http.body.');

/** Every variable-looking piece of `text`, in order, and whether the editor's syntax knows it. */
export function variableTokens(text: string, syntax: VariableSyntax): VariableToken[] {
  const tokens: VariableToken[] = [];
  for (const match of text.matchAll(FLOW_TOKEN)) {
    tokens.push({ text: match[0], start: match.index, end: match.index + match[0].length, known: syntax === 'flow' && isKnownFlowPath(match[1] ?? '') });
  }
  for (const match of text.matchAll(SINGLE_TOKEN)) {
    const known = syntax === 'welcome' && (WELCOME_VARIABLE_NAMES as readonly string[]).includes(match[1] ?? '');
    tokens.push({ text: match[0], start: match.index, end: match.index + match[0].length, known });
  }
  return tokens.sort((a, b) => a.start - b.start);
}

/** The unknown variables of `text`, once each, with the known one it probably meant. */
export function unknownVariables(text: string, syntax: VariableSyntax): VariableIssue[] {
  const seen = new Set<string>();
  const issues: VariableIssue[] = [];
  for (const token of variableTokens(text, syntax)) {
    if (token.known || seen.has(token.text)) continue;
    seen.add(token.text);
    const name = token.text.replace(/^\{+\s*|\s*\}+$/g, '');
    const suggestion =
      syntax === 'flow'
        ? ((match) => (match ? `{{${match}}}` : undefined))(nearest(name, FLOW_VARIABLES.map((v) => v.path), FLOW_ALIASES))
        : ((match) => (match ? `{${match}}` : undefined))(nearest(name, WELCOME_VARIABLE_NAMES, WELCOME_ALIASES));
    const message = suggestion ? `Variável desconhecida: ${token.text} — você quis dizer ${suggestion}?` : `Variável desconhecida: ${token.text}`;
    issues.push({ found: token.text, suggestion, message });
  }
  return issues;
}

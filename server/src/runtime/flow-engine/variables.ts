/**
 * The variables of docs/decisions.md#d-flow-variables as one plain object per execution (stored with it, so a delayed or button-resumed
 * step sees what the trigger saw) and `{{path}}` substitution; HTML parse mode escapes the substituted values.
 */
import type { User } from 'grammy/types';
import { escapeTelegramHtml } from '@shared/telegram/html.ts';

export type Variables = Record<string, unknown>;

export type VariableSource = {
  user: Pick<User, 'id' | 'first_name' | 'last_name' | 'username'>;
  phoneNumber?: string | null | undefined;
  messageText?: string | undefined;
  commandArgs?: string | undefined;
  chat: { id: number; title?: string | undefined };
  botUsername: string | undefined;
};

export function buildVariables(source: VariableSource): Variables {
  return {
    contact: {
      firstName: source.user.first_name,
      lastName: source.user.last_name ?? '',
      username: source.user.username ?? '',
      telegramId: String(source.user.id),
      phoneNumber: source.phoneNumber ?? '',
    },
    message: { text: source.messageText ?? '' },
    command: { args: source.commandArgs ?? '' },
    chat: { id: String(source.chat.id), title: source.chat.title ?? '' },
    bot: { username: source.botUsername ?? '' },
  };
}

const clock = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false,
});

/** now.* is computed when read, never stored: a delayed step shows the time it runs. */
function nowParts(): { date: string; time: string } {
  const parts = Object.fromEntries(clock.formatToParts(new Date()).map((part) => [part.type, part.value]));
  return { date: `${parts.day}/${parts.month}/${parts.year}`, time: `${parts.hour}:${parts.minute}` };
}

export function resolvePath(variables: Variables, path: string): unknown {
  const keys = path.trim().split('.');
  if (keys[0] === 'now') return keys.length === 1 ? nowParts() : nowParts()[keys[1] === 'date' ? 'date' : 'time'];
  let value: unknown = variables;
  for (const key of keys) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

export function stringify(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}


export function renderTemplate(template: string, variables: Variables, html = false): string {
  return template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, path: string) => {
    const text = stringify(resolvePath(variables, path));
    return html ? escapeTelegramHtml(text) : text;
  });
}

/** Renders every string inside a JSON value (headers and bodies of http_request). */
export function renderDeep(value: unknown, variables: Variables): unknown {
  if (typeof value === 'string') return renderTemplate(value, variables);
  if (Array.isArray(value)) return value.map((item) => renderDeep(item, variables));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, renderDeep(item, variables)]));
  }
  return value;
}

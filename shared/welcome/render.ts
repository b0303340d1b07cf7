/**
 * Welcome rendering (docs/decisions.md#d-welcome): HTML parse mode, every substituted value HTML-escaped, `{username}` as
 * `@username` when the user has one, else the first name. The server sends this; the live preview shows it.
 */
import { escapeTelegramHtml } from '../telegram/html.ts';

export type WelcomeContext = {
  firstName: string;
  lastName?: string | null;
  username?: string | null;
  channel: string;
};

export function renderWelcome(template: string, context: WelcomeContext): string {
  const values: Record<string, string> = {
    username: context.username ? `@${context.username}` : context.firstName,
    firstName: context.firstName,
    lastName: context.lastName ?? '',
    channel: context.channel,
  };
  return template.replace(/\{(username|firstName|lastName|channel)\}/g, (_, name: string) => escapeTelegramHtml(values[name] ?? ''));
}

/** Sample values of the live preview. */
export const PREVIEW_CONTEXT: WelcomeContext = { firstName: 'João', lastName: 'Silva', username: 'joaosilva', channel: 'Meu Canal' };

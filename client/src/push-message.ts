/**
 * What a web push carries to the service worker (docs/decisions.md#web-push: a new incoming message while the chat
 * is not open). The contract is shared/push/message.ts (limits, link, tag); the server builds payloads with the zod
 * schema made from it (shared/push/schemas.ts). Read by hand here, not with zod, to keep the worker small; anything
 * missing or odd falls back to safe values. The link is a path of this app only: a payload can never send the user
 * to another site.
 */
import { isAppPath, PUSH_MESSAGE_LIMITS, type PushMessage } from '@shared/push/message.ts';

export type { PushMessage };

const DEFAULT_TITLE = 'Canalize';
const text = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '');

export function parsePushMessage(data: string | undefined): PushMessage {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = data ? JSON.parse(data) : {};
    if (typeof parsed === 'object' && parsed !== null) raw = parsed as Record<string, unknown>;
    // A plain-text push is shown as the body.
  } catch {
    raw = { body: data };
  }
  const url = text(raw.url, PUSH_MESSAGE_LIMITS.url);
  return {
    title: text(raw.title, PUSH_MESSAGE_LIMITS.title) || DEFAULT_TITLE,
    body: text(raw.body, PUSH_MESSAGE_LIMITS.body),
    url: isAppPath(url) ? url : '/',
    tag: text(raw.tag, PUSH_MESSAGE_LIMITS.tag) || undefined,
  };
}

/**
 * What a web push carries to the service worker (docs/decisions.md#d-contacts, #d-offline-push: a new incoming message while the chat is not
 * open). Read by hand, not with zod, to keep the worker small; anything missing or odd falls back to safe values.
 * The link is a path of this app only: a payload can never send the user to another site.
 */
export type PushMessage = { title: string; body: string; url: string; tag: string | undefined };

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
  const url = text(raw.url, 500);
  return {
    title: text(raw.title, 200) || DEFAULT_TITLE,
    body: text(raw.body, 1000),
    url: url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\') ? url : '/',
    tag: text(raw.tag, 100) || undefined,
  };
}

/**
 * What a web push carries to the service worker (docs/decisions.md#web-push): limits and the conversation link,
 * without zod, so the service worker (client/src/push-message.ts) reads the same contract without loading it. The
 * zod schema the server builds payloads with is in ./schemas.ts, made from these limits.
 */
export type PushMessage = { title: string; body: string; url: string; tag: string | undefined };

export const PUSH_MESSAGE_LIMITS = { title: 200, body: 1000, url: 500, tag: 100 } as const;

/** The chat screen's address of one conversation: /chat reads `?contato=<contact id>` (routes/_authenticated/chat.tsx). */
export const conversationPath = (contactId: string) => `/chat?contato=${encodeURIComponent(contactId)}`;

/** Pushes of one conversation replace each other on the device (the notification's tag). */
export const conversationTag = (contactId: string) => `conversa-${contactId}`;

/** A path of this app, never another site ('//host' and '/\host' are other sites to a browser). */
export const isAppPath = (url: string) => url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');

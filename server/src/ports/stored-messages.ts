import type { MessageType } from '@shared/messages/schemas.ts';

/**
 * Messages the runtime stored (a user wrote, a flow or welcome answered), as the inbox announces them
 * (docs/decisions.md#p-inbox): the runtime calls one `MessagesStored` listener after commit; the composition root
 * passes the inbox announcer's, which also hands incoming ones to web push.
 */
export type StoredMessage = { uid: string; userId: string; botId: string; contactId: string; direction: 'in' | 'out'; type: MessageType };

/** Called after commit, never awaited: a listener must not throw nor hold up message handling. */
export type MessagesStored = (messages: StoredMessage[]) => void;

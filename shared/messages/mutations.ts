/** Args of the inbox mutations of the offline outbox (docs/offline-sync.md#rule-3). */
import { z } from 'zod';
import { mutationId as id } from '../sync/mutation-args.ts';
import { sendMessageInputSchema } from './schemas.ts';

export const messageMutationArgs = {
  /**
   * POST /messages/send with the client's id, its idempotency key: a reply typed offline is sent once when the
   * outbox is replayed, however often the push is repeated (docs/decisions.md#p-inbox).
   */
  'message.send': z.object({ message: sendMessageInputSchema.omit({ chatId: true }).required({ id: true }) }),
  /** PATCH /messages/contact/{id}/read-all: opening a conversation marks it read, offline too. */
  'conversation.markRead': z.object({ contactId: id }),
} as const;

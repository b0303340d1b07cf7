/** The inbox mutations of a sync push: a reply (POST /messages/send) and marking a conversation read. */
import type { messageMutationArgs } from '@shared/messages/mutations.ts';
import type { ServerMutationsOf } from '../sync/mutation.ts';
import * as messages from './service.ts';

export const messageMutations: ServerMutationsOf<keyof typeof messageMutationArgs> = {
  'message.send': {
    // Claimed inside the push transaction, sent after its commit: a rolled-back push never reaches Telegram, and
    // a replay finds the claim and sends nothing.
    run: async (deps, userId, a) => {
      const claim = await messages.claimReply(deps, userId, a.message, deps.actor?.id ?? null);
      if (claim) deps.afterCommit('message.send', () => messages.deliver(deps.inbox, userId, claim));
    },
  },
  'conversation.markRead': {
    run: async (deps, userId, a) => {
      const { contact } = await messages.markAllRead(deps, userId, a.contactId);
      deps.afterCommit('conversation.markRead', async () => deps.inbox.announce.changed({ userId, contactId: contact.id, botId: contact.botId }));
    },
  },
};

// Upgrading a basic group to a supergroup. Telegram gives the chat a new id, posts migrate_to_chat_id in the old
// chat and migrate_from_chat_id in the new one, and from then on answers any call naming the old id with 400
// "group chat was upgraded to a supergroup chat" and parameters.migrate_to_chat_id: the product must re-key.
import type { EmulatorCore } from '../core/emulator-core.ts';
import { postServiceMessage } from '../core/membership.ts';
import type { ChatRecord } from '../core/types.ts';
import { ControlError, findChat, findUser } from './control-setup.ts';

export function migrateToSupergroup(core: EmulatorCore, input: { chatId: number; by?: number }): { supergroupId: number } {
  const group = findChat(core, input.chatId);
  if (group.type !== 'group') throw new ControlError(`chat ${group.id} is not a basic group`);
  const actor = findUser(core, input.by ?? group.creatorId);
  const supergroup: ChatRecord = {
    id: core.world.nextChatId('supergroup'), type: 'supergroup', title: group.title,
    ...(group.description ? { description: group.description } : {}),
    joinByRequest: false, creatorId: group.creatorId,
    members: new Map([...group.members].map(([id, member]) => [id, { ...member }])),
    joinRequests: new Map(), inviteLinks: new Map(), messages: new Map(), nextMessageId: 1,
    migratedFromId: group.id,
  };
  for (const [link, record] of group.inviteLinks) supergroup.inviteLinks.set(link, { ...record, chatId: supergroup.id });
  core.world.chats.set(supergroup.id, supergroup);
  core.sent.markAction();
  postServiceMessage(core, group, actor, { migrate_to_chat_id: supergroup.id });
  group.migratedToId = supergroup.id;
  group.inviteLinks.clear();
  postServiceMessage(core, supergroup, actor, { migrate_from_chat_id: group.id });
  return { supergroupId: supergroup.id };
}

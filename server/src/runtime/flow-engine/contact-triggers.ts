/**
 * trigger_contact_created and trigger_contact_updated (docs/decisions.md#d-flow-engine, #d-contacts). The contact journal reports what its
 * upsert created or changed; this decides which trigger nodes that fires. An updated trigger fires when one of its
 * watchFields changed; with no field watched it never fires (the panel asks which fields to watch). A contact
 * created now fires only "created", never "updated" too. trigger_contact_from_funnel fires when the change says the
 * contact entered through that funnel (docs/decisions.md#d-flow-engine, #d-funnels-pixel: an attributed join; the funnels module reports it).
 */
import type { WatchField } from '@shared/flows/node-configs.ts';
import type { BotGraphs } from './flow-graph.ts';
import { chatAllowed, type TriggerHit } from './trigger-match.ts';
import { buildVariables, type Variables } from './variables.ts';

export type ContactChange = {
  botId: string;
  telegramId: number;
  created: boolean;
  /** Watchable fields whose value changed; empty when the contact was just created. */
  changedFields: WatchField[];
  firstName: string;
  lastName: string | null;
  username: string | null;
  phoneNumber: string | null;
  /** The chat of the update that caused the change (the private chat for a change made in the console). */
  chat: { id: number; type: 'private' | 'group' | 'supergroup' | 'channel'; title?: string | undefined };
  /** Set when the contact entered through a funnel's link (its id): fires that funnel's triggers. */
  funnelId?: string | undefined;
};

export function contactTriggers(graphs: BotGraphs, change: ContactChange): TriggerHit[] {
  const hits: TriggerHit[] = [];
  for (const flow of graphs.flows) {
    if (!chatAllowed(flow, change.chat)) continue;
    for (const node of flow.triggers) {
      if (node.subType === 'trigger_contact_created' && change.created) hits.push({ flow, node });
      if (node.subType === 'trigger_contact_updated' && !change.created) {
        const watched = node.config.watchFields;
        if (watched.some((field) => change.changedFields.includes(field))) hits.push({ flow, node });
      }
      if (node.subType === 'trigger_contact_from_funnel' && change.funnelId !== undefined) {
        if (node.config.funnelId.trim() === change.funnelId) hits.push({ flow, node });
      }
    }
  }
  return hits;
}

export function contactVariables(change: ContactChange, botUsername: string | undefined): Variables {
  return buildVariables({
    user: {
      id: change.telegramId, first_name: change.firstName,
      ...(change.lastName ? { last_name: change.lastName } : {}),
      ...(change.username ? { username: change.username } : {}),
    },
    phoneNumber: change.phoneNumber,
    chat: { id: change.chat.id, title: change.chat.title },
    botUsername,
  });
}

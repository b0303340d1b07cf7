/**
 * One line per sync mutation for the safety-net tests: valid args for a tenant's own resources, and the args that
 * aim it at the victim's. A mutation added to shared/sync/mutations.ts without a line here fails both tests.
 */
import type { MutationName } from '@shared/sync/mutations.ts';
import type { Tenant } from './tenant-scene.ts';

export type MutationFixture = {
  valid: (own: Tenant) => Record<string, unknown>;
  crossTenant: (victim: Tenant, attacker: Tenant) => Array<{
    label: string;
    args: Record<string, unknown>;
    /** A creation with the victim's id as its own: answered like a malformed id, never as "exists". */
    takenId?: boolean;
    /** Mixed ownership: answered exactly as when the victim's id is one nobody holds, which need not be NOT_FOUND. */
    likeUnknownId?: boolean;
  }>;
};

const newId = () => crypto.randomUUID();
const flow = (own: Tenant) => ({ id: newId(), name: 'Fluxo offline', botId: own.botId, executionContexts: ['private'] });
const node = (own: Tenant) => ({ id: newId(), flowId: own.flowId, type: 'action', subType: 'send_text', config: { message: 'Oi' } });
const connection = (own: Tenant) => ({ id: newId(), flowId: own.flowId, sourceNodeId: own.nodeId, targetNodeId: own.spareNodeId });
const victimOnly = (label: string, args: (victim: Tenant) => Record<string, unknown>) => (victim: Tenant) => [{ label, args: args(victim) }];

const broadcast = (own: Tenant) => ({ id: newId(), name: 'Disparo offline', botId: own.botId, message: 'Olá <b>todos</b>' });

export const MUTATION_FIXTURES: Record<MutationName, MutationFixture> = {
  'broadcast.create': {
    valid: (own) => ({ broadcast: broadcast(own) }),
    crossTenant: (victim, attacker) => [
      { label: "victim's bot", args: { broadcast: broadcast(victim) } },
      { label: "own bot, victim's contact", likeUnknownId: true, args: { broadcast: { ...broadcast(attacker), targetType: 'SELECTED', contactIds: [victim.contactId] } } },
      { label: "own bot, victim's broadcast id", takenId: true, args: { broadcast: { ...broadcast(attacker), id: victim.broadcastId } } },
    ],
  },
  'broadcast.update': {
    valid: (own) => ({ broadcastId: own.broadcastId, changes: { name: 'Renomeado' } }),
    crossTenant: (victim, attacker) => [
      { label: "victim's broadcast", args: { broadcastId: victim.broadcastId, changes: { name: 'Invadido' } } },
      { label: "own broadcast, victim's bot", likeUnknownId: true, args: { broadcastId: attacker.broadcastId, changes: { botId: victim.botId } } },
      { label: "own broadcast, victim's contact", likeUnknownId: true, args: { broadcastId: attacker.broadcastId, changes: { contactIds: [victim.contactId] } } },
    ],
  },
  'broadcast.delete': { valid: (own) => ({ broadcastId: own.broadcastId }), crossTenant: victimOnly("victim's broadcast", (v) => ({ broadcastId: v.broadcastId })) },
  'bot.setActive': { valid: (own) => ({ botId: own.botId, isActive: true }), crossTenant: victimOnly("victim's bot", (v) => ({ botId: v.botId, isActive: false })) },
  'bot.setBroadcastRate': {
    valid: (own) => ({ botId: own.botId, broadcastRate: 30 }),
    crossTenant: victimOnly("victim's bot", (v) => ({ botId: v.botId, broadcastRate: 1000 })),
  },
  'contact.update': {
    valid: (own) => ({ contactId: own.contactId, changes: { firstName: 'Maria' } }),
    crossTenant: victimOnly("victim's contact", (v) => ({ contactId: v.contactId, changes: { firstName: 'Invadido' } })),
  },
  'contact.setLabels': {
    valid: (own) => ({ contactId: own.contactId, labelIds: [own.labelId] }),
    crossTenant: (victim, attacker) => [
      { label: "victim's contact", args: { contactId: victim.contactId, labelIds: [] } },
      { label: "own contact, victim's label", likeUnknownId: true, args: { contactId: attacker.contactId, labelIds: [victim.labelId] } },
    ],
  },
  'label.create': {
    valid: () => ({ label: { id: newId(), name: `Offline ${newId().slice(0, 8)}`, color: 'teal' } }),
    crossTenant: (victim) => [{ label: "victim's label id", takenId: true, args: { label: { id: victim.labelId, name: `Tomada ${newId().slice(0, 8)}` } } }],
  },
  'label.update': { valid: (own) => ({ labelId: own.labelId, changes: { color: 'pink' } }), crossTenant: victimOnly("victim's label", (v) => ({ labelId: v.labelId, changes: { name: 'Invadida' } })) },
  'label.delete': { valid: (own) => ({ labelId: own.labelId }), crossTenant: victimOnly("victim's label", (v) => ({ labelId: v.labelId })) },
  'contact.delete': { valid: (own) => ({ contactId: own.contactId }), crossTenant: victimOnly("victim's contact", (v) => ({ contactId: v.contactId })) },
  'message.send': {
    valid: (own) => ({ message: { id: newId(), botId: own.botId, contactId: own.contactId, text: 'Olá' } }),
    crossTenant: (victim, attacker) => [
      { label: "victim's contact", args: { message: { id: newId(), botId: victim.botId, contactId: victim.contactId, text: 'Invadido' } } },
      { label: "own contact, victim's message id", takenId: true, args: { message: { id: victim.inboxMessageId, botId: attacker.botId, contactId: attacker.contactId, text: 'Oi' } } },
    ],
  },
  'note.create': {
    valid: (own) => ({ note: { id: newId(), contactId: own.contactId, text: 'Nota offline' } }),
    crossTenant: (victim, attacker) => [
      { label: "victim's contact", args: { note: { id: newId(), contactId: victim.contactId, text: 'Invadido' } } },
      { label: "own contact, victim's note id", takenId: true, args: { note: { id: victim.noteId, contactId: attacker.contactId, text: 'Oi' } } },
    ],
  },
  'conversation.markRead': { valid: (own) => ({ contactId: own.contactId }), crossTenant: victimOnly("victim's contact", (v) => ({ contactId: v.contactId })) },
  'conversation.assign': {
    valid: (own) => ({ contactId: own.contactId, assigneeId: own.userId }),
    crossTenant: (victim, attacker) => [
      { label: "victim's contact", args: { contactId: victim.contactId, assigneeId: attacker.userId } },
      { label: "own contact, the victim as assignee", likeUnknownId: true, args: { contactId: attacker.contactId, assigneeId: victim.userId } },
    ],
  },
  'conversation.setStatus': {
    valid: (own) => ({ contactId: own.contactId, status: 'PENDING' }),
    crossTenant: victimOnly("victim's contact", (v) => ({ contactId: v.contactId, status: 'RESOLVED' })),
  },
  'bot.delete': { valid: (own) => ({ botId: own.botId }), crossTenant: victimOnly("victim's bot", (v) => ({ botId: v.botId })) },
  'welcome.save': {
    valid: (own) => ({ channelId: own.channelId, welcome: { message: 'Olá {firstName}' } }),
    crossTenant: victimOnly("victim's channel", (v) => ({ channelId: v.channelId, welcome: { message: 'Invadido' } })),
  },
  'flow.create': {
    valid: (own) => ({ flow: flow(own) }),
    crossTenant: (victim, attacker) => [
      { label: "victim's bot", args: { flow: flow(victim) } },
      { label: "own bot, victim's flow id", takenId: true, args: { flow: { ...flow(attacker), id: victim.flowId } } },
    ],
  },
  'flow.update': { valid: (own) => ({ flowId: own.flowId, changes: { name: 'Renomeado' } }), crossTenant: victimOnly("victim's flow", (v) => ({ flowId: v.flowId, changes: { name: 'Invadido' } })) },
  'flow.setEnabled': { valid: (own) => ({ flowId: own.flowId, enabled: true }), crossTenant: victimOnly("victim's flow", (v) => ({ flowId: v.flowId, enabled: false })) },
  'flow.delete': { valid: (own) => ({ flowId: own.flowId }), crossTenant: victimOnly("victim's flow", (v) => ({ flowId: v.flowId })) },
  'node.create': {
    valid: (own) => ({ node: node(own) }),
    crossTenant: (victim, attacker) => [
      { label: "victim's flow", args: { node: node(victim) } },
      { label: "own flow, victim's node id", takenId: true, args: { node: { ...node(attacker), id: victim.nodeId } } },
    ],
  },
  'node.update': { valid: (own) => ({ nodeId: own.nodeId, changes: { label: 'Rótulo', order: 1 } }), crossTenant: victimOnly("victim's node", (v) => ({ nodeId: v.nodeId, changes: { label: 'Invadido' } })) },
  'node.savePositions': {
    valid: (own) => ({ flowId: own.flowId, positions: [{ nodeId: own.nodeId, position: { x: 1, y: 2 } }] }),
    crossTenant: (victim, attacker) => [
      { label: "victim's flow and node", args: { flowId: victim.flowId, positions: [{ nodeId: victim.nodeId, position: { x: 9, y: 9 } }] } },
      { label: "own flow, victim's node", likeUnknownId: true, args: { flowId: attacker.flowId, positions: [{ nodeId: victim.nodeId, position: { x: 9, y: 9 } }] } },
    ],
  },
  'node.delete': { valid: (own) => ({ nodeId: own.nodeId }), crossTenant: victimOnly("victim's node", (v) => ({ nodeId: v.nodeId })) },
  'connection.create': {
    valid: (own) => ({ connection: connection(own) }),
    crossTenant: (victim, attacker) => [
      { label: "victim's flow and nodes", args: { connection: connection(victim) } },
      { label: "own flow, victim's target node", likeUnknownId: true, args: { connection: { ...connection(attacker), targetNodeId: victim.spareNodeId } } },
      { label: "own flow and nodes, victim's connection id", takenId: true, args: { connection: { ...connection(attacker), id: victim.connectionId } } },
    ],
  },
  'connection.delete': { valid: (own) => ({ connectionId: own.connectionId }), crossTenant: victimOnly("victim's connection", (v) => ({ connectionId: v.connectionId })) },
};

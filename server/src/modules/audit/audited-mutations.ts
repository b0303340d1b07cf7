/**
 * Which offline mutations leave a line in the workspace's audit log, in one table: the sync push records it in the
 * mutation's own transaction (sync/apply-chunk.ts), so a refused or rolled-back mutation leaves none and a replayed
 * one (alreadyApplied) none twice. The same actions' REST routes are listed in audited-guard.ts. Flow graph edits
 * (nodes, connections, positions) leave no line each: a flow's publication and its deletion are what the log tells.
 */
import type { AuditAction, AuditTargetType } from '@shared/audit/schemas.ts';
import type { MutationName, ParsedMutationArgs } from '@shared/sync/mutations.ts';

export type MutationAudit = {
  action: AuditAction;
  target: { type: AuditTargetType; id: string };
  /** The mutation makes its target (its name is read after it ran, not before). */
  created?: true;
};

type Describe<N extends MutationName> = (args: ParsedMutationArgs<N>) => MutationAudit | undefined;
type AuditedMutations = { [N in MutationName]?: Describe<N> };

const made = (action: AuditAction, type: AuditTargetType, id: string | undefined): MutationAudit | undefined =>
  id === undefined ? undefined : { action, target: { type, id }, created: true };

export const AUDITED_MUTATIONS: AuditedMutations = {
  'bot.setActive': (a) => ({ action: 'bot.update', target: { type: 'bot', id: a.botId } }),
  'bot.setBroadcastRate': (a) => ({ action: 'bot.update', target: { type: 'bot', id: a.botId } }),
  'bot.delete': (a) => ({ action: 'bot.trash', target: { type: 'bot', id: a.botId } }),
  'flow.create': (a) => made('flow.create', 'flow', a.flow.id),
  'flow.update': (a) => ({ action: 'flow.update', target: { type: 'flow', id: a.flowId } }),
  'flow.setEnabled': (a) => ({ action: a.enabled ? 'flow.publish' : 'flow.unpublish', target: { type: 'flow', id: a.flowId } }),
  'flow.delete': (a) => ({ action: 'flow.delete', target: { type: 'flow', id: a.flowId } }),
  'broadcast.create': (a) => made('broadcast.create', 'broadcast', a.broadcast.id),
  'broadcast.update': (a) => ({ action: 'broadcast.update', target: { type: 'broadcast', id: a.broadcastId } }),
  'broadcast.delete': (a) => ({ action: 'broadcast.delete', target: { type: 'broadcast', id: a.broadcastId } }),
};

export function auditOfMutation<N extends MutationName>(name: N, args: ParsedMutationArgs<N>): MutationAudit | undefined {
  // The table is keyed by the same N as the args it reads; TypeScript cannot correlate an indexed access with N.
  const describe = AUDITED_MUTATIONS[name] as Describe<N> | undefined;
  return describe?.(args);
}

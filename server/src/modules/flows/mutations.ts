/** The flow mutations of a sync push: the service calls of the /flows routes, and which of them are plain overwrites. */
import { withFieldValues } from '@shared/sync/fields.ts';
import type { flowMutationArgs } from '@shared/flows/mutations.ts';
import type { Overwrite, ServerMutationsOf } from '../sync/mutation.ts';
import * as flows from './service.ts';

const NAME_FIELDS = new Set(['name', 'description']);
const enabledOf = (flowId: string): Overwrite => ({ key: `enabled:${flowId}`, fields: [] });
const namesKey = (flowId: string) => `names:${flowId}`;

export const flowMutations: ServerMutationsOf<keyof typeof flowMutationArgs> = {
  'flow.create': { run: (deps, userId, a) => flows.createFlow(deps, userId, a.flow) },
  'flow.update': {
    run: (deps, userId, a) => flows.updateFlow(deps, userId, a.flowId, a.changes),
    // Only name and/or description: those fields (a later one must set each of them too).
    overwrites: ({ flowId, changes }) => {
      const fields = Object.keys(changes).filter((name) => Reflect.get(changes, name) !== undefined);
      return fields.length > 0 && fields.every((name) => NAME_FIELDS.has(name)) ? { key: namesKey(flowId), fields } : undefined;
    },
    // It rewrites every column of its flow it read, `enabled` included, and may set the names.
    unrelated: (write, { flowId, changes }) => {
      if (write.key === enabledOf(flowId).key) return changes.enabled === undefined;
      return write.key !== namesKey(flowId);
    },
    fields: {
      target: (a) => ({ table: 'flows', rowId: a.flowId }),
      // The cached row names the trigger by its type (triggerType); the args carry it as { type }.
      keep: (a, { triggerType, ...values }) => {
        const changes = withFieldValues(a.changes, values);
        if (triggerType !== undefined && changes.trigger) changes.trigger = typeof triggerType === 'string' ? { type: triggerType } : undefined;
        return { ...a, changes };
      },
    },
  },
  'flow.setEnabled': {
    run: (deps, userId, a) => flows.toggleFlow(deps, userId, a.flowId, a.enabled),
    overwrites: ({ flowId }) => enabledOf(flowId),
    unrelated: true,
    fields: { target: (a) => ({ table: 'flows', rowId: a.flowId }), keep: withFieldValues },
  },
  'flow.delete': { run: (deps, userId, a) => flows.deleteFlow(deps, userId, a.flowId) },
};

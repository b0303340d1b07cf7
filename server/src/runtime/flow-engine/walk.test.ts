/**
 * walk.ts: a step that fails ends its branch and the walk goes on recording it; the database away during a step is
 * not the step's failure — the walk rejects, so the update or job that started it is handled again (a durable delay
 * lost silently was the fault matrix's "message of the outage never answered").
 */
import { describe, expect, test } from 'bun:test';
import type { Api } from 'grammy';
import { buildBotGraphs } from './flow-graph.ts';
import { newExecution } from './execution.ts';
import { createMediaInputs } from './media-input.ts';
import { walk, type WalkDeps } from './walk.ts';

const graphs = buildBotGraphs({
  flows: [{ id: 'f1', userId: 'u1', botId: 'b1', executionContexts: ['private'], allowedChannelIds: [] }],
  nodes: [
    { id: 'n-trigger', flowId: 'f1', subType: 'trigger_message', config: { pattern: '*' }, order: 0 },
    { id: 'n-delay', flowId: 'f1', subType: 'delay', config: { duration: 1, unit: 'seconds' }, order: 1 },
  ],
  connections: [
    { flowId: 'f1', sourceNodeId: 'n-trigger', targetNodeId: 'n-delay', sourceHandle: 'default' },
  ],
});

/** A walk whose delay scheduling fails with `failure`. The Api is never called: trigger and delay send nothing. */
function walkFailingWith(failure: Error) {
  const deps: WalkDeps = {
    api: {} as Api, graphs, allowPrivateHttp: false, media: createMediaInputs(undefined), recorder: undefined,
    scheduleDelay: () => Promise.reject(failure),
  };
  const execution = newExecution({ flowId: 'f1', botId: 'b1', contactTelegramId: 5, chatId: 5, triggerNodeId: 'n-trigger', variables: {} });
  return walk(deps, execution, ['n-trigger']);
}

describe('walking a flow', () => {
  test('a step failing for its own reason ends as a failed step with its message', async () => {
    const execution = await walkFailingWith(new Error('defeito do passo'));
    expect(execution.status).toBe('failed');
    expect(execution.steps.map((step) => [step.nodeId, step.outcome])).toEqual([['n-trigger', 'ok'], ['n-delay', 'failed']]);
    expect(execution.error).toBe('defeito do passo');
  });

  test('the database unreachable while scheduling a delay rejects the walk instead of recording a failed step', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    await expect(walkFailingWith(refused)).rejects.toBe(refused);
    const restarted = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    await expect(walkFailingWith(restarted)).rejects.toBe(restarted);
  });
});

/**
 * POST /flows/{id}/test (issue 5): runs one flow of its owner for one contact of its bot, from its trigger nodes,
 * in the contact's private chat, whether or not the flow is enabled. A dry run walks the same graph without
 * sending, waiting or requesting anything and records nothing; a real run needs the bot running here. Without a
 * contact (an empty body) it is a dry run for a sample contact, so the editor can try a flow before anyone wrote.
 */
import type { TestFlowResult } from '@shared/flows/executions.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { FlowTestInput } from '../telegram/bot-runtime.ts';
import type { FlowEngine } from './flow-engine.ts';
import { buildBotGraphs } from './flow-graph.ts';
import { loadOwnedFlowGraph } from './graph-repository.ts';
import { botUsername, findContact, type ContactRow } from './flow-test-repository.ts';
import { buildVariables } from './variables.ts';

export async function runFlowTest(deps: { sql: Queryable; engine: FlowEngine }, userId: string, flowId: string, input: FlowTestInput): Promise<TestFlowResult | undefined> {
  if (!isUuid(flowId)) return undefined;
  const loaded = await loadOwnedFlowGraph(deps.sql, userId, flowId);
  const flow = loaded?.flows[0];
  if (!loaded || !flow) return undefined;
  const contact = input.contactId === undefined && input.telegramId === undefined ? SAMPLE_CONTACT : await findContact(deps.sql, userId, flow.botId, input);
  if (!contact) throw new AppError('NOT_FOUND', 404, 'Contato não encontrado');
  const graphs = buildBotGraphs(loaded);
  const triggers = graphs.flows[0]?.triggers ?? [];
  const telegramId = Number(contact.telegramId);
  const bot = deps.engine.attachedBot(flow.botId);
  if (!input.dryRun && !bot) throw new AppError('BOT_NOT_RUNNING', 409);
  const variables = buildVariables({
    user: { id: telegramId, first_name: contact.firstName, last_name: contact.lastName ?? undefined, username: contact.username ?? undefined },
    phoneNumber: contact.phoneNumber,
    // A private chat has no title of its own; Telegram apps show the contact's name, and so does the test.
    chat: { id: telegramId, title: [contact.firstName, contact.lastName].filter(Boolean).join(' ') },
    botUsername: bot?.username() ?? (await botUsername(deps.sql, flow.botId)),
  });
  const steps = [];
  let executionId: string | null = null;
  let status: TestFlowResult['status'] = 'completed';
  for (const trigger of triggers) {
    const execution = await deps.engine.start(input.dryRun ? undefined : bot?.api, graphs, {
      botId: flow.botId, flowId, triggerNodeId: trigger.id, contactTelegramId: telegramId, chatId: telegramId, variables,
    });
    steps.push(...execution.steps);
    executionId ??= input.dryRun ? null : execution.id;
    if (execution.status !== 'completed') status = execution.status;
  }
  return { dryRun: input.dryRun, executionId, status, steps };
}

const SAMPLE_CONTACT: ContactRow = {
  telegramId: 123456789n, firstName: 'Maria', lastName: 'Silva', username: 'maria_silva', phoneNumber: '+5511999999999',
};

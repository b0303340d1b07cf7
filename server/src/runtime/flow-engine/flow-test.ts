/**
 * POST /flows/{id}/test: runs one flow of its owner for one contact of its bot, in the contact's private
 * chat, whether or not the flow is enabled. A dry run walks the same graph without sending, waiting or requesting
 * anything and records nothing; a real run goes through the bot's Api: the running bot's when it runs here, else a
 * standalone Api of its token (the bot runs in another instance, docs/decisions.md#scale-out); a bot switched off
 * answers 409. Without a contact (an empty body) it is a dry run for a sample contact, so the editor can try a flow
 * before anyone wrote.
 *
 * What starts (the editor's simulated chat): a `text` fires the triggers it matches, matched by the engine's own
 * rules (trigger-match.ts), with message.text and command.args taken from it; a `buttonData` press continues at the
 * node of a `flow_{nodeId}` value or fires trigger_button_clicked, as a press in a chat does (update-triggers.ts).
 * The chat's execution context is not checked: the test stands for a chat the flow runs in. With neither input,
 * every trigger of the flow runs.
 */
import { flowButtonTarget } from '@shared/flows/buttons.ts';
import type { TestFlowResult } from '@shared/flows/executions.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { FlowTestInput } from '../../ports/bot-runtime.ts';
import type { AttachedBot } from './attached-bots.ts';
import type { FlowEngine } from './flow-engine.ts';
import { buildBotGraphs, type BotGraphs, type EngineFlow } from './flow-graph.ts';
import { loadOwnedFlowGraph } from './graph-repository.ts';
import { botUsername, findContact, type ContactRow } from './flow-test-repository.ts';
import { flowButtonHits, flowTextHits } from './trigger-match.ts';
import { buildVariables } from './variables.ts';

/** Where one run of the test starts: a trigger node, or the node a flow button continues at. */
type TestStart = { nodeId: string; continues: boolean; messageText?: string | undefined; commandArgs?: string | undefined };

export type FlowTestDeps = {
  sql: Queryable;
  engine: FlowEngine;
  /** The bot's Api when it does not run in this process; undefined when it is switched off. */
  standalone?(botId: string): Promise<Pick<AttachedBot, 'api' | 'username'> | undefined>;
};

export async function runFlowTest(deps: FlowTestDeps, userId: string, flowId: string, input: FlowTestInput): Promise<TestFlowResult | undefined> {
  if (!isUuid(flowId)) return undefined;
  const loaded = await loadOwnedFlowGraph(deps.sql, userId, flowId);
  const flow = loaded?.flows[0];
  if (!loaded || !flow) return undefined;
  const contact = input.contactId === undefined && input.telegramId === undefined ? SAMPLE_CONTACT : await findContact(deps.sql, userId, flow.botId, input);
  if (!contact) throw new AppError('NOT_FOUND', 404, 'Contato não encontrado');
  const graphs = buildBotGraphs(loaded);
  const engineFlow = graphs.flows[0];
  const telegramId = Number(contact.telegramId);
  const bot = deps.engine.attachedBot(flow.botId) ?? (input.dryRun ? undefined : await deps.standalone?.(flow.botId));
  if (!input.dryRun && !bot) throw new AppError('BOT_NOT_RUNNING', 409);
  const username = bot?.username() ?? (await botUsername(deps.sql, flow.botId));
  const variablesFor = (start: TestStart) => buildVariables({
    user: { id: telegramId, first_name: contact.firstName, last_name: contact.lastName ?? undefined, username: contact.username ?? undefined },
    phoneNumber: contact.phoneNumber,
    messageText: start.messageText,
    commandArgs: start.commandArgs,
    // A private chat has no title of its own; Telegram apps show the contact's name, and so does the test.
    chat: { id: telegramId, title: [contact.firstName, contact.lastName].filter(Boolean).join(' ') },
    botUsername: username,
  });
  const steps = [];
  let executionId: string | null = null;
  let status: TestFlowResult['status'] = 'completed';
  for (const start of engineFlow ? testStarts(graphs, engineFlow, input, username) : []) {
    const base = { botId: flow.botId, flowId, contactTelegramId: telegramId, chatId: telegramId, variables: variablesFor(start) };
    const execution = start.continues && !input.dryRun && bot
      ? await deps.engine.continueAt(bot.api, graphs, { ...base, nodeId: start.nodeId })
      : await deps.engine.start(input.dryRun ? undefined : bot?.api, graphs, { ...base, triggerNodeId: start.nodeId });
    steps.push(...execution.steps);
    executionId ??= input.dryRun ? null : execution.id;
    if (execution.status !== 'completed') status = execution.status;
  }
  return { dryRun: input.dryRun, executionId, status, steps };
}

function testStarts(graphs: BotGraphs, flow: EngineFlow, input: FlowTestInput, username: string | undefined): TestStart[] {
  if (input.buttonData !== undefined) {
    const target = flowButtonTarget(input.buttonData);
    if (target !== undefined && graphs.nodes.has(target)) {
      // A press keeps what the trigger saw (flow-engine.ts continueAt): the message the chat started with, if sent.
      const carried = input.text === undefined ? undefined : flowTextHits(flow, input.text, username).find((hit) => hit.commandArgs !== undefined);
      return [{ nodeId: target, continues: true, messageText: input.text, commandArgs: carried?.commandArgs }];
    }
    return flowButtonHits(flow, input.buttonData).map((hit) => ({ nodeId: hit.node.id, continues: false }));
  }
  if (input.text !== undefined) {
    const text = input.text;
    return flowTextHits(flow, text, username).map((hit) => ({ nodeId: hit.node.id, continues: false, messageText: text, commandArgs: hit.commandArgs }));
  }
  return flow.triggers.map((node) => ({ nodeId: node.id, continues: false }));
}

const SAMPLE_CONTACT: ContactRow = {
  telegramId: 123456789n, firstName: 'Maria', lastName: 'Silva', username: 'maria_silva', phoneNumber: '+5511999999999',
};

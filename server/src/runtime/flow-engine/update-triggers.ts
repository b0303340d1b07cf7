/**
 * Which flows an update fires (docs/decisions.md#d-flow-engine), the engine's one entry point for updates: text
 * messages and channel posts fire trigger_message / trigger_command, callback presses continue an execution
 * (`flow_{nodeId}`) or fire trigger_button_clicked. Every press of a flow node's button is counted.
 * `pass`: the update goes on to the bot's other handlers (always for a text; for a press nothing runs for, which
 * the callbacks feature answers).
 */
import type { Api } from 'grammy';
import type { CallbackQuery, Chat, InlineKeyboardMarkup, Message, Update, User } from 'grammy/types';
import { flowButtonTarget } from '@shared/flows/buttons.ts';
import type { BotGraphs } from './flow-graph.ts';
import type { ExecutionRecorder } from './recorder.ts';
import { findPressedButton } from './senders.ts';
import { buttonTriggers, textTriggers } from './trigger-match.ts';
import { buildVariables, type Variables } from './variables.ts';
import type { ContinueInput, StartInput } from './flow-runs.ts';

export type UpdateInput = { api: Api; botId: string; botUsername: string | undefined; update: Update };
export type UpdateOutcome = 'consumed' | 'pass';

export type UpdateTriggersDeps = {
  graphs(botId: string): Promise<BotGraphs>;
  contactPhone(botId: string, telegramId: number): Promise<string | null>;
  recorder: ExecutionRecorder;
  start(api: Api, graphs: BotGraphs, input: StartInput): Promise<unknown>;
  continueAt(api: Api, graphs: BotGraphs, input: ContinueInput): Promise<unknown>;
};

type Seen = { text?: string; args?: string };

export function createUpdateTriggers(deps: UpdateTriggersDeps) {
  const variablesFor = async (input: UpdateInput, graphs: BotGraphs, user: User, chat: Chat, seen: Seen): Promise<Variables> =>
    buildVariables({
      user, chat: { id: chat.id, title: 'title' in chat ? chat.title : undefined }, botUsername: input.botUsername,
      messageText: seen.text, commandArgs: seen.args,
      phoneNumber: graphs.needsPhone ? await deps.contactPhone(input.botId, user.id) : undefined,
    });

  async function onText(input: UpdateInput, message: Message, text: string) {
    const graphs = await deps.graphs(input.botId);
    const hits = graphs.flows.length === 0 ? [] : textTriggers(graphs, message.chat, text, input.botUsername);
    // A channel post has no sender user: the channel itself stands for the contact.
    const user: User = message.from ?? { id: message.chat.id, is_bot: false, first_name: 'title' in message.chat ? message.chat.title ?? '' : '' };
    for (const hit of hits) {
      await deps.start(input.api, graphs, {
        botId: input.botId, flowId: hit.flow.id, triggerNodeId: hit.node.id, contactTelegramId: user.id, chatId: message.chat.id, updateId: input.update.update_id,
        variables: await variablesFor(input, graphs, user, message.chat, { text, ...(hit.commandArgs !== undefined ? { args: hit.commandArgs } : {}) }),
      });
    }
  }

  async function onPress(input: UpdateInput, query: CallbackQuery, data: string): Promise<UpdateOutcome> {
    const graphs = await deps.graphs(input.botId);
    const chat: Chat = query.message?.chat ?? { id: query.from.id, type: 'private', first_name: query.from.first_name };
    const target = flowButtonTarget(data);
    const targetNode = target ? graphs.nodes.get(target) : undefined;
    const hits = targetNode ? [] : buttonTriggers(graphs, chat, data);
    if (!targetNode && hits.length === 0) {
      // Nothing runs (an unconnected flow button, a value no trigger waits for), but a flow node's press still counts.
      const pressed = findPressedButton(graphs, data, undefined, pressedText(query.message, data));
      if (pressed) deps.recorder.click(pressed.nodeId, pressed.buttonId);
      return 'pass';
    }
    await input.api.answerCallbackQuery(query.id);
    const pressed = findPressedButton(graphs, data, targetNode?.flowId);
    if (pressed) deps.recorder.click(pressed.nodeId, pressed.buttonId);
    const base = { botId: input.botId, contactTelegramId: query.from.id, chatId: chat.id, updateId: input.update.update_id };
    if (targetNode) {
      const variables = await variablesFor(input, graphs, query.from, chat, {});
      await deps.continueAt(input.api, graphs, { ...base, flowId: targetNode.flowId, nodeId: targetNode.id, variables });
      return 'consumed';
    }
    for (const hit of hits) {
      await deps.start(input.api, graphs, {
        ...base, flowId: hit.flow.id, triggerNodeId: hit.node.id, variables: await variablesFor(input, graphs, query.from, chat, {}),
      });
    }
    return 'consumed';
  }

  return async function onUpdate(input: UpdateInput): Promise<UpdateOutcome> {
    const message = input.update.message ?? input.update.channel_post;
    if (message?.text !== undefined) {
      await onText(input, message, message.text);
      return 'pass';
    }
    const query = input.update.callback_query;
    return query?.data === undefined ? 'pass' : onPress(input, query, query.data);
  };
}

/** The text of the pressed button on the message it belongs to, when Telegram sent the message along. */
function pressedText(message: { reply_markup?: InlineKeyboardMarkup } | undefined, data: string): string | undefined {
  const buttons = message?.reply_markup?.inline_keyboard.flat() ?? [];
  return buttons.find((button) => 'callback_data' in button && button.callback_data === data)?.text;
}

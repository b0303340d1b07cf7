/**
 * Flows (docs/decisions.md#d-flow-engine): text messages and channel posts fire trigger_message / trigger_command, callback presses
 * continue an execution (`flow_{nodeId}`) or fire trigger_button_clicked. Every press of a flow node's button is
 * counted; presses nothing runs for fall through to the callbacks feature, which answers them.
 */
import { Composer, type Context } from 'grammy';
import type { Chat, InlineKeyboardMarkup, User } from 'grammy/types';
import { flowButtonTarget } from '@shared/flows/buttons.ts';
import type { BotGraphs } from '../../flow-engine/flow-graph.ts';
import { findPressedButton } from '../../flow-engine/senders.ts';
import { buttonTriggers, textTriggers } from '../../flow-engine/trigger-match.ts';
import { buildVariables } from '../../flow-engine/variables.ts';
import type { BotDeps } from '../bots/bot-deps.ts';

export function flowsFeature(deps: BotDeps): Composer<Context> {
  const composer = new Composer<Context>();
  const engine = deps.flows;

  const variablesFor = async (ctx: Context, graphs: BotGraphs, user: User, chat: Chat, extra: { text?: string; args?: string }) =>
    buildVariables({
      user, chat: { id: chat.id, title: 'title' in chat ? chat.title : undefined }, botUsername: ctx.me.username,
      messageText: extra.text, commandArgs: extra.args,
      phoneNumber: graphs.needsPhone ? await engine.contactPhone(deps.botId, user.id) : undefined,
    });

  composer.on(['message:text', 'channel_post:text'], async (ctx, next) => {
    const message = ctx.msg;
    const graphs = await engine.graphs(deps.botId);
    const hits = graphs.flows.length === 0 ? [] : textTriggers(graphs, message.chat, message.text, ctx.me.username);
    // A channel post has no sender user: the channel itself stands for the contact.
    const user: User = ctx.from ?? { id: message.chat.id, is_bot: false, first_name: 'title' in message.chat ? message.chat.title ?? '' : '' };
    for (const hit of hits) {
      await engine.start(ctx.api, graphs, {
        botId: deps.botId, flowId: hit.flow.id, triggerNodeId: hit.node.id, contactTelegramId: user.id, chatId: message.chat.id, updateId: ctx.update.update_id,
        variables: await variablesFor(ctx, graphs, user, message.chat, { text: message.text, ...(hit.commandArgs !== undefined ? { args: hit.commandArgs } : {}) }),
      });
    }
    await next();
  });

  composer.on('callback_query:data', async (ctx, next) => {
    const query = ctx.callbackQuery;
    const graphs = await engine.graphs(deps.botId);
    const chat: Chat = query.message?.chat ?? { id: query.from.id, type: 'private', first_name: query.from.first_name };
    const target = flowButtonTarget(query.data);
    const targetNode = target ? graphs.nodes.get(target) : undefined;
    const hits = targetNode ? [] : buttonTriggers(graphs, chat, query.data);
    if (!targetNode && hits.length === 0) {
      // Nothing runs (an unconnected flow button, a value no trigger waits for), but a flow node's press still counts.
      const pressed = findPressedButton(graphs, query.data, undefined, pressedText(query.message, query.data));
      if (pressed) engine.recorder.click(pressed.nodeId, pressed.buttonId);
      return next();
    }
    await ctx.answerCallbackQuery();
    const pressed = findPressedButton(graphs, query.data, targetNode?.flowId);
    if (pressed) engine.recorder.click(pressed.nodeId, pressed.buttonId);
    const base = { botId: deps.botId, contactTelegramId: query.from.id, chatId: chat.id, updateId: ctx.update.update_id };
    if (targetNode) {
      const variables = await variablesFor(ctx, graphs, query.from, chat, {});
      await engine.continueAt(ctx.api, graphs, { ...base, flowId: targetNode.flowId, nodeId: targetNode.id, variables });
      return;
    }
    for (const hit of hits) {
      await engine.start(ctx.api, graphs, {
        ...base, flowId: hit.flow.id, triggerNodeId: hit.node.id, variables: await variablesFor(ctx, graphs, query.from, chat, {}),
      });
    }
  });

  return composer;
}

/** The text of the pressed button on the message it belongs to, when Telegram sent the message along. */
function pressedText(message: { reply_markup?: InlineKeyboardMarkup } | undefined, data: string): string | undefined {
  const buttons = message?.reply_markup?.inline_keyboard.flat() ?? [];
  return buttons.find((button) => 'callback_data' in button && button.callback_data === data)?.text;
}

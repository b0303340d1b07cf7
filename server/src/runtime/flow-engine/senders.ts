/**
 * The three sending nodes. Outgoing private messages are recorded for the inbox by the bot's API transformer
 * (outbound-recorder.ts), so nothing here records them again.
 */
import { GrammyError, type Api } from 'grammy';
import type { InlineKeyboardButton, Message } from 'grammy/types';
import { buttonHandleId, callbackByteLength, FLOW_PENDING, MAX_CALLBACK_BYTES, flowButtonValue } from '@shared/flows/buttons.ts';
import type { NodeConfigs } from '@shared/flows/node-configs.ts';
import { nextNodes, type BotGraphs } from './flow-graph.ts';
import type { MediaSource, ResolvedMedia } from './media-input.ts';
import { renderTemplate, type Variables } from './variables.ts';

const parseModeOf = (mode: string): 'HTML' | 'Markdown' | undefined => (mode === 'HTML' || mode === 'Markdown' ? mode : undefined);

export async function sendText(api: Api, chatId: number, config: NodeConfigs['send_text'], variables: Variables) {
  const text = renderTemplate(config.message, variables, config.parseMode === 'HTML');
  if (text.trim() === '') return 'Mensagem vazia';
  const parseMode = parseModeOf(config.parseMode);
  await api.sendMessage(chatId, text, parseMode ? { parse_mode: parseMode } : {});
  return undefined;
}

export async function sendMedia(api: Api, chatId: number, config: NodeConfigs['send_media'], variables: Variables, source: MediaSource) {
  const url = renderTemplate(config.url || config.blobUrl || '', variables).trim();
  if (url === '') return 'Mídia sem URL';
  const first = await source.resolve(url);
  if ('problem' in first) return first.problem;
  try {
    await sendMediaOnce(api, chatId, config, variables, first);
  } catch (error) {
    // A remembered file_id Telegram refuses (files purged, token changed): upload the bytes once more.
    if (!first.remembered || !(error instanceof GrammyError) || error.error_code !== 400) throw error;
    const again = await source.resolve(url, true);
    if ('problem' in again) return again.problem;
    await sendMediaOnce(api, chatId, config, variables, again);
  }
  return undefined;
}

async function sendMediaOnce(api: Api, chatId: number, config: NodeConfigs['send_media'], variables: Variables, media: ResolvedMedia) {
  const parseMode = parseModeOf(config.parseMode);
  const caption = renderTemplate(config.caption, variables, config.parseMode === 'HTML');
  const common = { ...(caption ? { caption } : {}), ...(parseMode ? { parse_mode: parseMode } : {}) };
  const { input } = media;
  let message: Message;
  if (config.mediaType === 'photo') message = await api.sendPhoto(chatId, input, common);
  else if (config.mediaType === 'video') message = await api.sendVideo(chatId, input, common);
  else if (config.mediaType === 'document') message = await api.sendDocument(chatId, input, common);
  else {
    message = await api.sendAudio(chatId, input, {
      ...common,
      ...(config.title ? { title: renderTemplate(config.title, variables) } : {}),
      ...(config.performer ? { performer: renderTemplate(config.performer, variables) } : {}),
      ...(config.duration !== undefined ? { duration: config.duration } : {}),
    });
  }
  media.sent(message);
}

export async function sendButtons(api: Api, chatId: number, nodeId: string, config: NodeConfigs['send_buttons'], variables: Variables, graphs: BotGraphs) {
  const text = renderTemplate(config.message, variables, config.parseMode === 'HTML');
  if (text.trim() === '') return 'Mensagem vazia';
  const keyboard = config.buttons
    .map((row, rowIndex) => row.flatMap((button, index) => keyboardButton(button, nodeId, rowIndex, index, graphs)))
    .filter((row) => row.length > 0);
  const parseMode = parseModeOf(config.parseMode);
  await api.sendMessage(chatId, text, { ...(parseMode ? { parse_mode: parseMode } : {}), reply_markup: { inline_keyboard: keyboard } });
  return undefined;
}

type Button = NodeConfigs['send_buttons']['buttons'][number][number];

function keyboardButton(button: Button, nodeId: string, row: number, index: number, graphs: BotGraphs): InlineKeyboardButton[] {
  const text = buttonText(button);
  if (button.type === 'url') return [{ text, url: button.value }];
  const data = callbackDataOf(button, nodeId, row, index, graphs);
  return callbackByteLength(data) <= MAX_CALLBACK_BYTES ? [{ text, callback_data: data }] : [];
}

/**
 * The edge drawn from the button's handle wins over a stale value: the editor may not have rewritten it yet. An
 * unconnected flow button gets data naming its node and handle (`flow_pending_{nodeId}_{row}_{index}`, 53 bytes):
 * nothing continues from it, but its press can still be counted on the right node.
 */
export function callbackDataOf(button: Pick<Button, 'value'>, nodeId: string, row: number, index: number, graphs: BotGraphs): string {
  const [target] = nextNodes(graphs, nodeId, buttonHandleId(row, index));
  if (target) return flowButtonValue(target);
  if (button.value === FLOW_PENDING || button.value === '') return `${FLOW_PENDING}_${nodeId}_${row}_${index}`;
  return button.value;
}

/**
 * The send_buttons node and button a callback came from, to count the click. A plain value may be shared by
 * several nodes (or a welcome message): given the pressed button's text, only a button showing it matches.
 */
export function findPressedButton(graphs: BotGraphs, data: string, flowId?: string, text?: string): { nodeId: string; buttonId: string } | undefined {
  for (const node of graphs.nodes.values()) {
    if (node.subType !== 'send_buttons' || (flowId && node.flowId !== flowId)) continue;
    const rows = (node.config as NodeConfigs['send_buttons']).buttons;
    for (const [row, buttons] of rows.entries()) {
      for (const [index, button] of buttons.entries()) {
        if (button.type === 'url' || callbackDataOf(button, node.id, row, index, graphs) !== data) continue;
        if (text === undefined || buttonText(button) === text) return { nodeId: node.id, buttonId: buttonHandleId(row, index) };
      }
    }
  }
  return undefined;
}

const buttonText = (button: Pick<Button, 'text'>) => button.text.trim() || 'Botão';

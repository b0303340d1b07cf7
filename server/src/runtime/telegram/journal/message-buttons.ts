/** The inline keyboard of a bot message as the inbox shows it, and which button a callback press was. */
import type { InlineKeyboardMarkup, Message } from 'grammy/types';
import type { MessageButton } from '@shared/messages/schemas.ts';

type Markup = Message['reply_markup'] | InlineKeyboardMarkup | undefined;

/** Row by row, a link button with its url, any other with url null; null without a keyboard. */
export function inlineButtons(markup: Markup): MessageButton[][] | null {
  const rows = markup?.inline_keyboard;
  if (!rows || rows.length === 0) return null;
  return rows.map((row) => row.map((button) => ({ text: button.text, url: 'url' in button && button.url ? button.url : null })));
}

/** The text of the button whose callback_data a press carried, if the pressed message still shows it. */
export function pressedButtonText(markup: Markup, data: string | undefined): string | undefined {
  for (const row of markup?.inline_keyboard ?? []) {
    for (const button of row) if ('callback_data' in button && button.callback_data === data) return button.text;
  }
  return undefined;
}

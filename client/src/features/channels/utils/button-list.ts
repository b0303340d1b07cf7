import { buttonTypeFor, MAX_WELCOME_BUTTONS } from '@shared/welcome/schemas.ts';

/** A button as edited: a stable key for React (rows can be removed from the middle), then text and value. */
export type EditableButton = { key: string; text: string; value: string };

let nextKey = 0;
const newKey = () => `button-${++nextKey}`;

export const canAddButton = (buttons: readonly EditableButton[]) => buttons.length < MAX_WELCOME_BUTTONS;

/** docs/product.md#limits: at most 4 buttons; adding past that is a no-op (the add button is disabled as well). */
export function addButton(buttons: readonly EditableButton[]): EditableButton[] {
  return canAddButton(buttons) ? [...buttons, { key: newKey(), text: '', value: '' }] : [...buttons];
}

export function updateButton(buttons: readonly EditableButton[], key: string, change: Partial<Pick<EditableButton, 'text' | 'value'>>): EditableButton[] {
  return buttons.map((button) => (button.key === key ? { ...button, ...change } : button));
}

export function removeButton(buttons: readonly EditableButton[], key: string): EditableButton[] {
  return buttons.filter((button) => button.key !== key);
}

export function toEditableButtons(buttons: readonly { text: string; value: string }[]): EditableButton[] {
  return buttons.slice(0, MAX_WELCOME_BUTTONS).map(({ text, value }) => ({ key: newKey(), text, value }));
}

/** What the server receives: the type is derived from the value (docs/product.md#state-button-type), never chosen by hand. */
export function toButtonInputs(buttons: readonly EditableButton[]) {
  return buttons.map(({ text, value }) => ({ text, value, type: buttonTypeFor(value) }));
}

/** The label the editor shows next to a value, following the same rule as the server. pt-BR names of the two kinds: a link opens a page; an action sends its value back to the bot (Telegram's callback_data). */
export const buttonTypeLabel = (value: string) => (buttonTypeFor(value) === 'url' ? 'Link' : 'Ação no bot');

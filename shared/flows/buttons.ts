/**
 * Buttons of a send_buttons node (docs/product.md#entity-flow-button): stored as rows of one button each, type url or callback. A "flow"
 * button (panel type) has the value `flow_{targetNodeId}`, or `flow_pending` until it is connected; each gets its
 * own source handle `button_{row}_{index}` in the editor, and the engine continues at the target when pressed.
 */
import { z } from 'zod';
import { storableString } from '../api/storable-text.ts';
import { isSafeButtonUrl } from '../telegram/html.ts';

export const MAX_FLOW_BUTTONS = 4;
export const FLOW_BUTTON_PREFIX = 'flow_';
export const FLOW_PENDING = 'flow_pending';
export const BUTTON_HANDLE_PATTERN = /^button_(\d+)_(\d+)$/;

export const FLOW_BUTTON_TEXTS = {
  tooMany: 'Máximo de 4 botões permitidos',
  atLeastOne: 'Mantenha pelo menos 1 botão',
  textTooLong: 'Texto do botão deve ter no máximo 50 caracteres',
  callbackTooLong: 'Valor do botão (callback) pode ter no máximo 64 bytes',
  unsafeUrl: 'O link do botão deve começar com http://, https:// ou tg://',
} as const;

/** Telegram's limit on callback_data, in bytes (UTF-8): a longer value could never be sent. */
export const MAX_CALLBACK_BYTES = 64;

export const callbackByteLength = (value: string) => new TextEncoder().encode(value).length;

export const flowButtonSchema = z
  .object({
    text: storableString().max(50, { error: FLOW_BUTTON_TEXTS.textTooLong }).default(''),
    type: z.enum(['url', 'callback']).default('callback'),
    value: storableString().max(2048).default(FLOW_PENDING),
  })
  .refine((button) => button.type !== 'callback' || callbackByteLength(button.value) <= MAX_CALLBACK_BYTES, {
    error: FLOW_BUTTON_TEXTS.callbackTooLong,
    path: ['value'],
  })
  .refine((button) => button.type !== 'url' || isSafeButtonUrl(button.value), { error: FLOW_BUTTON_TEXTS.unsafeUrl, path: ['value'] });

export type FlowButton = z.output<typeof flowButtonSchema>;

const DEFAULT_BUTTON: FlowButton = { text: 'Botão 1', type: 'callback', value: FLOW_PENDING };

export const flowButtonRowsSchema = z
  .array(z.array(flowButtonSchema).min(1).max(MAX_FLOW_BUTTONS))
  .min(1, { error: FLOW_BUTTON_TEXTS.atLeastOne })
  .default([[DEFAULT_BUTTON]])
  .refine((rows) => rows.flat().length <= MAX_FLOW_BUTTONS, { error: FLOW_BUTTON_TEXTS.tooMany });

export const buttonHandleId = (row: number, index: number) => `button_${row}_${index}`;

export function parseButtonHandle(handle: string | null | undefined): { row: number; index: number } | undefined {
  const match = handle ? BUTTON_HANDLE_PATTERN.exec(handle) : null;
  return match ? { row: Number(match[1]), index: Number(match[2]) } : undefined;
}

export const isFlowButton = (button: Pick<FlowButton, 'value'>) => button.value.startsWith(FLOW_BUTTON_PREFIX);

export const flowButtonValue = (targetNodeId: string) => `${FLOW_BUTTON_PREFIX}${targetNodeId}`;

/** The node a flow button points at, if connected. */
export function flowButtonTarget(value: string): string | undefined {
  if (!value.startsWith(FLOW_BUTTON_PREFIX) || value === FLOW_PENDING) return undefined;
  return value.slice(FLOW_BUTTON_PREFIX.length);
}

/**
 * The config with the button behind `handle` set to `value` (and made a callback), as the server does when a
 * button edge is created or removed; the same object when the handle names no existing button.
 */
export function withButtonValue(config: Record<string, unknown>, handle: string, value: string): Record<string, unknown> {
  const button = parseButtonHandle(handle);
  const rows = config.buttons;
  if (!button || !Array.isArray(rows)) return config;
  const row: unknown = rows[button.row];
  if (!Array.isArray(row) || row[button.index] === undefined) return config;
  const buttons = rows.map((current: unknown, r: number) =>
    r === button.row && Array.isArray(current) ? current.map((b: unknown, i: number) => (i === button.index ? { ...Object(b), type: 'callback', value } : b)) : current,
  );
  return { ...config, buttons };
}

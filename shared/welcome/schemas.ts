import { z } from 'zod';
import { successEnvelope } from '../api/envelope.ts';
import { storableString } from '../api/storable-text.ts';
import { checkTelegramHtml } from '../telegram/html.ts';

/** Rules and texts of docs/product.md#entity-welcome, #state-button-type, #rules-welcome, #limits, verbatim; the form and the server validate with this one schema. */
export const WELCOME_TEXTS = {
  messageEmpty: 'Mensagem não pode ser vazia',
  buttonTextEmpty: 'Texto do botão não pode ser vazio',
  buttonValueEmpty: 'Valor do botão não pode ser vazio',
  buttonUrlInvalid: (text: string) => `URL do botão inválida: ${text}`,
  tooManyButtons: 'Máximo de 4 botões permitidos',
  buttonTextTooLong: 'Texto do botão deve ter no máximo 50 caracteres',
  callbackValueTooLong: (text: string) => `Valor do botão grande demais para o Telegram (máximo 64 bytes): ${text}`,
} as const;

/** Telegram's callback_data limit is 64 BYTES (docs/telegram.md#tg-limits): accented characters take two. */
export const MAX_CALLBACK_BYTES = 64;

export const MAX_WELCOME_BUTTONS = 4;
export const MAX_BUTTON_TEXT = 50;
export const WELCOME_TRIGGERS = ['ON_MEMBER_JOINED', 'ON_JOIN_REQUEST_APPROVED'] as const;
export const WELCOME_VARIABLES = ['{username}', '{firstName}', '{lastName}', '{channel}'] as const;

/** docs/product.md#state-button-type: a value beginning with http:// or https:// (any case) is a url button, anything else a callback. */
export function buttonTypeFor(value: string): 'url' | 'callback' {
  return /^https?:\/\//i.test(value.trim()) ? 'url' : 'callback';
}

function isValidUrl(value: string) {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export const welcomeButtonSchema = z
  .object({
    text: storableString().trim().min(1, { error: WELCOME_TEXTS.buttonTextEmpty }).max(MAX_BUTTON_TEXT, { error: WELCOME_TEXTS.buttonTextTooLong }),
    value: storableString().trim().min(1, { error: WELCOME_TEXTS.buttonValueEmpty }).max(2048),
    type: z.enum(['url', 'callback']).optional(),
  })
  .superRefine((button, ctx) => {
    if (buttonTypeFor(button.value) === 'url' && !isValidUrl(button.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: WELCOME_TEXTS.buttonUrlInvalid(button.text) });
    }
    if (buttonTypeFor(button.value) === 'callback' && new TextEncoder().encode(button.value.trim()).length > MAX_CALLBACK_BYTES) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: WELCOME_TEXTS.callbackValueTooLong(button.text) });
    }
  })
  // The type is always derived from the value, whatever the caller sent.
  .transform((button) => ({ text: button.text, value: button.value, type: buttonTypeFor(button.value) }));

export const welcomeMessageInputSchema = z.object({
  message: storableString({ error: WELCOME_TEXTS.messageEmpty })
    .trim()
    .min(1, { error: WELCOME_TEXTS.messageEmpty })
    .max(4096)
    .superRefine((message, ctx) => checkTelegramHtml(message, ctx, [])),
  enabled: z.boolean().default(true),
  triggerOn: z.enum(WELCOME_TRIGGERS).default('ON_MEMBER_JOINED'),
  autoApprove: z.boolean().default(true),
  sendToPrivate: z.boolean().default(false),
  buttons: z.array(welcomeButtonSchema).max(MAX_WELCOME_BUTTONS, { error: WELCOME_TEXTS.tooManyButtons }).default([]),
});

export const welcomeMessageSchema = z.object({
  message: z.string(),
  enabled: z.boolean(),
  triggerOn: z.enum(WELCOME_TRIGGERS),
  autoApprove: z.boolean(),
  sendToPrivate: z.boolean(),
  buttons: z.array(z.object({ text: z.string(), value: z.string(), type: z.enum(['url', 'callback']) })),
});

/** docs/product.md#entity-welcome defaults, used when a channel has no welcome message yet. */
export const DEFAULT_WELCOME: z.infer<typeof welcomeMessageSchema> = {
  message: '',
  enabled: false,
  triggerOn: 'ON_MEMBER_JOINED',
  autoApprove: true,
  sendToPrivate: false,
  buttons: [],
};

export const welcomeResponseSchema = successEnvelope(z.object({ welcomeMessage: welcomeMessageSchema }));

export type WelcomeMessageInput = z.input<typeof welcomeMessageInputSchema>;
export type WelcomeMessage = z.infer<typeof welcomeMessageSchema>;
export type WelcomeButton = WelcomeMessage['buttons'][number];

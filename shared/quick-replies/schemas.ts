/**
 * Quick replies ("Respostas rápidas", docs/product.md#screen-quick-replies): a workspace's saved replies, inserted in
 * the reply box by typing `/` and their shortcut. Owners and admins manage them; every member reads them.
 */
import { z } from 'zod';
import { successEnvelope } from '../api/envelope.ts';
import { storableString } from '../api/storable-text.ts';

export const QUICK_REPLY_LIMITS = { shortcut: 32, text: 4096, perWorkspace: 200 } as const;

export const QUICK_REPLY_TEXTS = {
  title: 'Respostas rápidas',
  shortcutBlank: 'O atalho não pode ser vazio',
  shortcutTooLong: `Atalho muito longo (máximo ${QUICK_REPLY_LIMITS.shortcut} caracteres)`,
  shortcutFormat: 'Use no atalho apenas letras minúsculas, números, "-" e "_" (sem espaços nem acentos)',
  textBlank: 'O texto da resposta não pode ser vazio',
  textTooLong: `Texto muito longo (máximo ${QUICK_REPLY_LIMITS.text} caracteres)`,
} as const;

export const quickReplySchema = z.object({
  id: z.string(),
  shortcut: z.string(),
  text: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A leading `/` is dropped (the shortcut is what follows it in the reply box) and capitals made small. */
const shortcut = storableString()
  .trim()
  .transform((value) => value.replace(/^\/+/, '').toLowerCase())
  .pipe(
    z
      .string()
      .min(1, { error: QUICK_REPLY_TEXTS.shortcutBlank })
      .max(QUICK_REPLY_LIMITS.shortcut, { error: QUICK_REPLY_TEXTS.shortcutTooLong })
      .regex(/^[a-z0-9_-]+$/, { error: QUICK_REPLY_TEXTS.shortcutFormat }),
  );

const text = storableString()
  .trim()
  .min(1, { error: QUICK_REPLY_TEXTS.textBlank })
  .max(QUICK_REPLY_LIMITS.text, { error: QUICK_REPLY_TEXTS.textTooLong });

export const quickReplyInputSchema = z.object({ shortcut, text });
export const quickReplyPatchSchema = quickReplyInputSchema.partial();

export const quickReplyResponseSchema = successEnvelope(z.object({ quickReply: quickReplySchema }));
export const quickRepliesResponseSchema = successEnvelope(z.object({ quickReplies: z.array(quickReplySchema) }));

export type QuickReply = z.infer<typeof quickReplySchema>;
export type QuickReplyInput = z.input<typeof quickReplyInputSchema>;

/**
 * Account self-service (Minha conta): change the password, sign out every device, delete the account. A new password
 * follows the registration's rules; the current password confirms each destructive step.
 */
import { z } from 'zod';
import { successEnvelope } from '../api/envelope.ts';
import { storableString } from '../api/storable-text.ts';
import { AUTH_TEXTS, PASSWORD_MIN_LENGTH } from '../auth/schemas.ts';

export const ACCOUNT_TEXTS = {
  currentPasswordRequired: 'Informe sua senha atual',
  passwordRequired: 'Informe sua senha para confirmar',
  passwordsDiffer: 'As senhas não coincidem',
  passwordChanged: 'Senha alterada. Os outros aparelhos foram desconectados.',
  signedOutEverywhere: 'Você saiu de todos os aparelhos.',
  accountDeleted: 'Sua conta e todos os seus dados foram excluídos.',
} as const;

const confirmingPassword = (error: string) => storableString({ error }).min(1, { error }).max(200);

export const changePasswordInputSchema = z.object({
  currentPassword: confirmingPassword(ACCOUNT_TEXTS.currentPasswordRequired),
  newPassword: storableString({ error: AUTH_TEXTS.passwordTooShort })
    .min(PASSWORD_MIN_LENGTH, { error: AUTH_TEXTS.passwordTooShort })
    .max(200),
});

export const deleteAccountInputSchema = z.object({ password: confirmingPassword(ACCOUNT_TEXTS.passwordRequired) });

/** What deleting the account erases, counted (the dialog says it before asking for the password). */
export const deletionImpactSchema = z.object({
  bots: z.number().int(),
  contacts: z.number().int(),
  conversations: z.number().int(),
  messages: z.number().int(),
  flows: z.number().int(),
  broadcasts: z.number().int(),
  funnels: z.number().int(),
  pixels: z.number().int(),
  mediaFiles: z.number().int(),
});

export const deletionImpactResponseSchema = successEnvelope(z.object({ impact: deletionImpactSchema }));

export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;
export type DeleteAccountInput = z.infer<typeof deleteAccountInputSchema>;
export type DeletionImpact = z.infer<typeof deletionImpactSchema>;

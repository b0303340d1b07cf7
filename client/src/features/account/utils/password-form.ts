import { ACCOUNT_TEXTS, changePasswordInputSchema, type ChangePasswordInput } from '@shared/account/schemas.ts';
import { fieldErrors } from '@shared/api/validation.ts';
import type { FormErrors } from '../../../lib/use-form-state.ts';

export type PasswordFormValues = { currentPassword: string; newPassword: string; confirmation: string };
export type PasswordField = keyof PasswordFormValues;

export const emptyPasswordForm = (): PasswordFormValues => ({ currentPassword: '', newPassword: '', confirmation: '' });

/** The registration's rules for the new password (the shared schema), and the confirmation typed the same. */
export function checkPasswordForm(values: PasswordFormValues): { ok: true; input: ChangePasswordInput } | { ok: false; errors: FormErrors } {
  const parsed = changePasswordInputSchema.safeParse({ currentPassword: values.currentPassword, newPassword: values.newPassword });
  const errors: FormErrors = parsed.success ? {} : fieldErrors(parsed.error);
  if (values.confirmation !== values.newPassword) errors.confirmation = ACCOUNT_TEXTS.passwordsDiffer;
  return parsed.success && Object.keys(errors).length === 0 ? { ok: true, input: parsed.data } : { ok: false, errors };
}

import { useNavigate } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { PASSWORD_MIN_LENGTH } from '@shared/auth/schemas.ts';
import { tokenFromHash } from '@shared/auth/password-reset.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../lib/session-store.ts';
import { toast } from '../../../lib/toast.ts';
import { useConfirmPasswordReset, useResetLink } from '../api/password-reset.ts';
import { RESET_TEXTS } from '../api/password-reset-texts.ts';
import { useFormFields } from '../hooks/use-form-fields.ts';
import { AuthField } from './auth-field.tsx';
import { AuthForm } from './auth-form.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { AuthBackLink, AuthNotice } from './auth-notice.tsx';

const loadPasswordSchema = async () => (await import('@shared/auth/password-reset.ts')).passwordResetInputSchema.pick({ password: true });

/** The link pasted over this page's address changes only its fragment: the page follows it. */
function onHashChange(changed: () => void) {
  window.addEventListener('hashchange', changed);
  return () => window.removeEventListener('hashchange', changed);
}

/**
 * "Redefinir senha", opened from the e-mailed link (its token in the address's fragment). The link is checked first,
 * so a used or expired one says so before anyone types; a new password signs every session out, this one's too.
 */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const token = useSyncExternalStore(onHashChange, () => tokenFromHash(window.location.hash));
  const link = useResetLink(token);
  const form = useFormFields(loadPasswordSchema, { password: '' });
  const confirm = useConfirmPasswordReset({
    onSuccess: () => {
      sessionStore().clear();
      toast.success(RESET_TEXTS.resetDone);
      void navigate({ to: '/login', replace: true });
    },
  });
  const submit = {
    isPending: confirm.isPending,
    mutate: (input: { password: string }, options: { onError: (error: unknown) => void }) => confirm.mutate({ token, ...input }, options),
  };

  function content() {
    if (!token) return <AuthNotice tone="error">{RESET_TEXTS.missingToken}</AuthNotice>;
    if (link.isPending) return <p className="text-slate-600">{RESET_TEXTS.checkingLink}</p>;
    if (link.isError) return <AuthNotice tone="error">{errorMessage(link.error, RESET_TEXTS.linkError)}</AuthNotice>;
    return (
      <AuthForm form={form} mutation={submit} submitLabel={RESET_TEXTS.submitReset}>
        {/* The account's e-mail for password managers, which save the new password under it. */}
        <input type="email" name="username" autoComplete="username" value={link.data.email} readOnly hidden />
        <AuthField form={form} name="password" label={RESET_TEXTS.newPassword} type="password" autoComplete="new-password" placeholder="••••••••" helperText={`Mínimo de ${PASSWORD_MIN_LENGTH} caracteres`} />
      </AuthForm>
    );
  }

  const usable = Boolean(token) && link.isSuccess;
  return (
    <AuthLayout
      documentTitle={RESET_TEXTS.resetTitle}
      title={RESET_TEXTS.resetTitle}
      subtitle={usable && link.data ? RESET_TEXTS.resetSubtitle(link.data.email) : undefined}
      footer={usable ? <AuthBackLink /> : <AuthBackLink to="/forgot-password">{RESET_TEXTS.askNewLink}</AuthBackLink>}
    >
      {content()}
    </AuthLayout>
  );
}

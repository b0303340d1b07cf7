import { useState } from 'react';
import { RESET_LINK_TTL_MINUTES } from '@shared/auth/password-reset.ts';
import { Button } from '../../../components/ui/button.tsx';
import { usePasswordResetAvailability, useRequestPasswordReset } from '../api/password-reset.ts';
import { RESET_TEXTS } from '../api/password-reset-texts.ts';
import { useFormFields } from '../hooks/use-form-fields.ts';
import { EmailField } from './auth-field.tsx';
import { AuthForm } from './auth-form.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { AuthBackLink, AuthNotice } from './auth-notice.tsx';

const loadRequestSchema = async () => (await import('@shared/auth/password-reset.ts')).passwordResetRequestInputSchema;

/**
 * "Esqueci minha senha": the e-mail, then a message that never says whether it has an account. A server that cannot
 * mail links says so up front and sends people to the administrator (never pretending a message left).
 */
export function ForgotPasswordPage() {
  const availability = usePasswordResetAvailability();
  const [sentTo, setSentTo] = useState<string>();
  const form = useFormFields(loadRequestSchema, { email: '' });
  const request = useRequestPasswordReset({ onSuccess: setSentTo });

  function content() {
    if (availability.isPending) return <p className="text-slate-600">{RESET_TEXTS.checkingServer}</p>;
    if (availability.isError) {
      return (
        <div className="space-y-4">
          <AuthNotice tone="error">{RESET_TEXTS.availabilityError}</AuthNotice>
          <Button variant="outline" onClick={() => void availability.refetch()}>{RESET_TEXTS.retry}</Button>
        </div>
      );
    }
    if (!availability.data.available) return <AuthNotice>{RESET_TEXTS.unavailable}</AuthNotice>;
    if (sentTo) return <AuthNotice>{RESET_TEXTS.sent(sentTo, RESET_LINK_TTL_MINUTES)}</AuthNotice>;
    return (
      <AuthForm form={form} mutation={request} submitLabel={RESET_TEXTS.submitRequest}>
        <EmailField form={form} />
      </AuthForm>
    );
  }

  const unavailable = availability.data?.available === false;
  return (
    <AuthLayout
      documentTitle={RESET_TEXTS.forgotTitle}
      title={sentTo ? RESET_TEXTS.sentTitle : unavailable ? RESET_TEXTS.unavailableTitle : RESET_TEXTS.forgotTitle}
      subtitle={sentTo || unavailable ? undefined : RESET_TEXTS.forgotSubtitle}
      footer={<AuthBackLink />}
    >
      {content()}
    </AuthLayout>
  );
}

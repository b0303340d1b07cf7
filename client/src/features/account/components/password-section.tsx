import { useState, type FormEvent } from 'react';
import { ACCOUNT_TEXTS } from '@shared/account/schemas.ts';
import { FormSummary } from '../../../components/form-summary.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useFormState } from '../../../lib/use-form-state.ts';
import { ACCOUNT_FAILURES, accountRequests } from '../api/account-requests.ts';
import { checkPasswordForm, emptyPasswordForm, type PasswordField } from '../utils/password-form.ts';

const FIELDS: ReadonlyArray<{ name: PasswordField; label: string; autoComplete: string; helperText?: string }> = [
  { name: 'currentPassword', label: 'Senha atual', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'Nova senha', autoComplete: 'new-password', helperText: 'Mínimo de 6 caracteres' },
  { name: 'confirmation', label: 'Confirme a nova senha', autoComplete: 'new-password' },
];

/** Senha: the current password and a new one; the other devices are signed out, this one stays. */
export function PasswordSection({ online }: { online: boolean }) {
  const form = useFormState({ initial: emptyPasswordForm, check: checkPasswordForm, guardLeave: false });
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    setErrors({});
    const valid = form.validate();
    if (!valid) return;
    setSaving(true);
    try {
      await accountRequests.changePassword(valid.input);
      form.edit(emptyPasswordForm);
      form.saved();
      toast.success(ACCOUNT_TEXTS.passwordChanged);
    } catch (error) {
      if (error instanceof ApiError && error.details) setErrors(error.details);
      else setFailure(error instanceof ApiError ? error.message : ACCOUNT_FAILURES.password);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card>
      <CardHeader title="Senha" description="Ao trocar a senha, os outros aparelhos conectados à sua conta são desconectados." />
      <CardContent>
        <form onSubmit={(event) => void submit(event)} noValidate className="max-w-md space-y-4">
          <FormSummary text={failure} />
          {FIELDS.map(({ name, label, autoComplete, helperText }) => (
            <Input
              key={name}
              name={name}
              label={label}
              type="password"
              required
              autoComplete={autoComplete}
              helperText={helperText}
              value={form.values[name]}
              error={form.errors[name] ?? errors[name]}
              onChange={(event) => {
                const value = event.target.value;
                setErrors((current) => ({ ...current, [name]: undefined }));
                form.edit((current) => ({ ...current, [name]: value }), [name]);
              }}
            />
          ))}
          <Button type="submit" loading={saving} disabled={!online}>
            Alterar senha
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

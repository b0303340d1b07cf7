import { useNavigate, useSearch } from '@tanstack/react-router';
import { PASSWORD_MIN_LENGTH, registerInputSchema } from '@shared/auth/schemas.ts';
import { useRegister } from '../api/register.ts';
import { useFormFields } from '../hooks/use-form-fields.ts';
import { AuthField, EmailField, PasswordField } from './auth-field.tsx';
import { AuthForm, AuthSwitchLink } from './auth-form.tsx';
import { AuthLayout } from './auth-layout.tsx';

export function RegisterPage() {
  const navigate = useNavigate();
  const form = useFormFields(registerInputSchema, { name: '', email: '', password: '' });
  // An invitation's page sends a new account back to it, to join.
  const target = useSearch({ from: '/register', select: (search) => search.redirect });
  const register = useRegister({ onSuccess: () => void navigate({ href: target ?? '/dashboard', replace: true }) });

  return (
    <AuthLayout
      documentTitle="Criar conta"
      title="Crie sua conta"
      subtitle="Comece a gerenciar seus bots do Telegram em poucos minutos"
      footer={<AuthSwitchLink to="/login" redirect={target} question="Já tem uma conta?" action="Faça login" />}
    >
      <AuthForm form={form} mutation={register} submitLabel="Criar Conta">
        <AuthField form={form} name="name" label="Nome completo" autoComplete="name" placeholder="Seu nome" />
        <EmailField form={form} />
        <PasswordField form={form} autoComplete="new-password" helperText={`Mínimo de ${PASSWORD_MIN_LENGTH} caracteres`} />
      </AuthForm>
    </AuthLayout>
  );
}

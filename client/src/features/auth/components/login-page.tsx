import { Link, useNavigate } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useLogin } from '../api/login.ts';
import { useFormFields } from '../hooks/use-form-fields.ts';
import { AuthLayout } from './auth-layout.tsx';

/** The shared schema, with zod, loaded on the first edit: not part of the first screen's download. */
const loadLoginSchema = async () => (await import('@shared/auth/schemas.ts')).loginInputSchema;

export function LoginPage() {
  const navigate = useNavigate();
  const form = useFormFields(loadLoginSchema, { email: '', password: '' });
  const login = useLogin({ onSuccess: () => void navigate({ to: '/dashboard', replace: true }) });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = await form.validate();
    if (input) login.mutate(input, { onError: form.showServerErrors });
  }

  return (
    <AuthLayout
      documentTitle="Entrar"
      title="Bem-vindo de volta!"
      subtitle="Entre na sua conta para continuar"
      footer={
        <Link to="/register" className="group text-slate-600">
          Não tem uma conta? <span className="font-semibold text-brand-600 group-hover:text-brand-700 group-hover:underline">Cadastre-se</span>
        </Link>
      }
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
        <Input
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="seu@email.com"
          required
          value={form.values.email}
          error={form.errors.email}
          onChange={(event) => form.setValue('email', event.target.value)}
        />
        <Input
          label="Senha"
          type="password"
          name="password"
          autoComplete="current-password"
          placeholder="••••••••"
          required
          value={form.values.password}
          error={form.errors.password}
          onChange={(event) => form.setValue('password', event.target.value)}
        />
        <Button type="submit" size="lg" className="w-full" loading={login.isPending}>
          Entrar
        </Button>
      </form>
    </AuthLayout>
  );
}

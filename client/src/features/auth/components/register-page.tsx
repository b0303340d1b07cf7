import { Link, useNavigate } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH, registerInputSchema } from '@shared/auth/schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useRegister } from '../api/register.ts';
import { useFormFields } from '../hooks/use-form-fields.ts';
import { AuthLayout } from './auth-layout.tsx';

export function RegisterPage() {
  const navigate = useNavigate();
  const form = useFormFields(registerInputSchema, { name: '', email: '', password: '' });
  const register = useRegister({ onSuccess: () => void navigate({ to: '/dashboard', replace: true }) });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = await form.validate();
    if (input) register.mutate(input, { onError: form.showServerErrors });
  }

  return (
    <AuthLayout
      documentTitle="Criar conta"
      title="Crie sua conta"
      subtitle="Comece a gerenciar seus bots do Telegram em poucos minutos"
      footer={
        <Link to="/login" className="group text-slate-600">
          Já tem uma conta? <span className="font-semibold text-brand-600 group-hover:text-brand-700 group-hover:underline">Faça login</span>
        </Link>
      }
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
        <Input
          label="Nome completo"
          name="name"
          autoComplete="name"
          placeholder="Seu nome"
          required
          value={form.values.name}
          error={form.errors.name}
          onChange={(event) => form.setValue('name', event.target.value)}
        />
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
          autoComplete="new-password"
          placeholder="••••••••"
          required
          helperText={`Mínimo de ${PASSWORD_MIN_LENGTH} caracteres`}
          value={form.values.password}
          error={form.errors.password}
          onChange={(event) => form.setValue('password', event.target.value)}
        />
        <Button type="submit" size="lg" className="w-full" loading={register.isPending}>
          Criar Conta
        </Button>
      </form>
    </AuthLayout>
  );
}

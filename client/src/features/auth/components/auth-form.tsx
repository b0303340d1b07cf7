import { Link } from '@tanstack/react-router';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';

type AuthFormProps = { onSubmit: () => Promise<void>; submitLabel: string; loading: boolean; children: ReactNode };

/** An account form (Entrar, Criar Conta): its fields, validated by the page on submit, and one wide submit button. */
export function AuthForm({ onSubmit, submitLabel, loading, children }: AuthFormProps) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void onSubmit();
  }
  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      {children}
      <Button type="submit" size="lg" className="w-full" loading={loading}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** Under an account form, the way to the other one: 'Não tem uma conta? Cadastre-se', 'Já tem uma conta? Faça login'. */
export function AuthSwitchLink({ to, question, action }: { to: '/login' | '/register'; question: string; action: string }) {
  return (
    <Link to={to} className="group text-slate-600">
      {question} <span className="font-semibold text-brand-600 group-hover:text-brand-700 group-hover:underline">{action}</span>
    </Link>
  );
}

import { Link } from '@tanstack/react-router';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';

/** The parts of useFormFields the submit uses. */
type ValidatedFields<I> = { validate: () => Promise<I | null>; showServerErrors: (error: unknown) => void };
/** The parts of the account mutation (useLogin, useRegister) the submit uses. */
type AccountMutation<I> = { mutate: (input: I, options: { onError: (error: unknown) => void }) => void; isPending: boolean };

type AuthFormProps<I> = { form: ValidatedFields<I>; mutation: AccountMutation<I>; submitLabel: string; children: ReactNode };

/**
 * An account form (Entrar, Criar Conta): its fields and one wide submit. Submitting validates with the shared
 * schema (errors under the fields) and sends; a server 400's per-field details land under the fields too.
 */
export function AuthForm<I>({ form, mutation, submitLabel, children }: AuthFormProps<I>) {
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = await form.validate();
    if (input) mutation.mutate(input, { onError: form.showServerErrors });
  }
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
      {children}
      <Button type="submit" size="lg" className="w-full" loading={mutation.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** Under an account form, the way to the other one: 'Não tem uma conta? Cadastre-se', 'Já tem uma conta? Faça login'. */
/** `redirect`: where the visit was headed (an invitation's page), kept across the switch. */
export function AuthSwitchLink({ to, redirect, question, action }: { to: '/login' | '/register'; redirect?: string | undefined; question: string; action: string }) {
  return (
    <Link to={to} search={redirect ? { redirect } : {}} className="group inline-block py-1 text-slate-600">
      {question} <span className="font-semibold text-brand-600 group-hover:text-brand-700 group-hover:underline">{action}</span>
    </Link>
  );
}

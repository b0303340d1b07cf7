import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { RESET_TEXTS } from '../api/password-reset-texts.ts';
import { useLogin } from '../api/login.ts';
import { useFormFields } from '../hooks/use-form-fields.ts';
import { EmailField, PasswordField } from './auth-field.tsx';
import { AuthForm, AuthSwitchLink } from './auth-form.tsx';
import { AuthLayout } from './auth-layout.tsx';

/** The shared schema, with zod, loaded on the first edit: not part of the first screen's download. */
const loadLoginSchema = async () => (await import('@shared/auth/schemas.ts')).loginInputSchema;

export function LoginPage() {
  const navigate = useNavigate();
  // The page a signed-out visit asked for (already checked by the route: a path of this app), else the dashboard.
  const target = useSearch({ from: '/login', select: (search) => search.redirect });
  const form = useFormFields(loadLoginSchema, { email: '', password: '' });
  const login = useLogin({ onSuccess: () => void navigate({ href: target ?? '/dashboard', replace: true }) });

  return (
    <AuthLayout
      documentTitle="Entrar"
      title="Bem-vindo de volta!"
      subtitle="Entre na sua conta para continuar"
      footer={<AuthSwitchLink to="/register" redirect={target} question="Não tem uma conta?" action="Cadastre-se" />}
    >
      <AuthForm form={form} mutation={login} submitLabel="Entrar">
        <EmailField form={form} />
        <PasswordField form={form} autoComplete="current-password" />
        <div className="-mt-3 flex justify-end">
          <Link to="/forgot-password" className="inline-block py-1 text-sm font-medium text-brand-600 hover:text-brand-700 hover:underline">
            {RESET_TEXTS.forgotLink}
          </Link>
        </div>
      </AuthForm>
    </AuthLayout>
  );
}

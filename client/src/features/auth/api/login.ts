import { useMutation } from '@tanstack/react-query';
import type { AuthResult, LoginInput } from '@shared/auth/schemas.ts';
import { api } from '../../../lib/api.ts';
import { sessionStore } from '../../../lib/session-store.ts';
import { toast } from '../../../lib/toast.ts';
import { AUTH_UI_TEXTS } from './auth-texts.ts';

export async function login(input: LoginInput): Promise<AuthResult> {
  // Loaded on submit (the form already started it): the login screen's first load carries no zod.
  const { authResponseSchema } = await import('@shared/auth/schemas.ts');
  const body = await api.post('/auth/login', input, { schema: authResponseSchema, fallbackMessage: AUTH_UI_TEXTS.loginError });
  return body.data;
}

/** The failed-login toast's id: a later failure replaces it and a successful login dismisses it. */
const LOGIN_TOAST_ID = 'login';

/** Signs in, stores the session and greets; the caller decides where to go next. */
export function useLogin({ onSuccess }: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: login,
    meta: { errorMessage: AUTH_UI_TEXTS.loginError, toastId: LOGIN_TOAST_ID },
    onSuccess: ({ user, tokens }) => {
      sessionStore().setAuth(user, tokens);
      toast.dismiss(LOGIN_TOAST_ID);
      toast.success(AUTH_UI_TEXTS.loginSuccess);
      onSuccess?.();
    },
  });
}

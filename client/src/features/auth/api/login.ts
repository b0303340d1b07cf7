import { useMutation } from '@tanstack/react-query';
import { authResponseSchema, type AuthResult, type LoginInput } from '@shared/auth/schemas.ts';
import { api } from '../../../lib/api.ts';
import { sessionStore } from '../../../lib/session-store.ts';
import { toast } from '../../../lib/toast.ts';
import { AUTH_UI_TEXTS } from './auth-texts.ts';

export async function login(input: LoginInput): Promise<AuthResult> {
  const body = await api.post('/auth/login', input, { schema: authResponseSchema, fallbackMessage: AUTH_UI_TEXTS.loginError });
  return body.data;
}

/** Signs in, stores the session and greets; the caller decides where to go next. */
export function useLogin({ onSuccess }: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: login,
    meta: { errorMessage: AUTH_UI_TEXTS.loginError },
    onSuccess: ({ user, tokens }) => {
      sessionStore().setAuth(user, tokens);
      toast.success(AUTH_UI_TEXTS.loginSuccess);
      onSuccess?.();
    },
  });
}

import { useMutation } from '@tanstack/react-query';
import { authResponseSchema, type AuthResult, type RegisterInput } from '@shared/auth/schemas.ts';
import { api } from '../../../lib/api.ts';
import { sessionStore } from '../../../lib/session-store.ts';
import { toast } from '../../../lib/toast.ts';
import { AUTH_UI_TEXTS } from './auth-texts.ts';

export async function register(input: RegisterInput): Promise<AuthResult> {
  const body = await api.post('/auth/register', input, { schema: authResponseSchema, fallbackMessage: AUTH_UI_TEXTS.registerError });
  return body.data;
}

/** Creates the account, signs in with the returned session and greets; the caller decides where to go next. */
export function useRegister({ onSuccess }: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: register,
    meta: { errorMessage: AUTH_UI_TEXTS.registerError },
    onSuccess: ({ user, tokens }) => {
      sessionStore().setAuth(user, tokens);
      toast.success(AUTH_UI_TEXTS.registerSuccess);
      onSuccess?.();
    },
  });
}

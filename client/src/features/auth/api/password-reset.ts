import { useMutation, useQuery } from '@tanstack/react-query';
import type { PasswordResetInput, PasswordResetRequestInput } from '@shared/auth/password-reset.ts';
import { api } from '../../../lib/api.ts';
import { RESET_TEXTS } from './password-reset-texts.ts';

const loadSchemas = () => import('@shared/auth/password-reset.ts');
const keys = { availability: ['password-reset', 'availability'] as const, link: (token: string) => ['password-reset', 'link', token] as const };

/** Whether this server mails reset links (SMTP configured and a trustworthy address for them). */
export function usePasswordResetAvailability() {
  return useQuery({
    queryKey: keys.availability,
    queryFn: async () => {
      const { passwordResetAvailabilityResponseSchema: schema } = await loadSchemas();
      return (await api.get('/auth/password-reset', { schema, fallbackMessage: RESET_TEXTS.availabilityError })).data;
    },
    meta: { errorMessage: RESET_TEXTS.availabilityError },
  });
}

/** Asks for a link; the answer is the same whether the e-mail has an account. */
export function useRequestPasswordReset({ onSuccess }: { onSuccess: (email: string) => void }) {
  return useMutation({
    mutationFn: async (input: PasswordResetRequestInput) => {
      const { passwordResetRequestResponseSchema: schema } = await loadSchemas();
      await api.post('/auth/password-reset/request', input, { schema, fallbackMessage: RESET_TEXTS.requestError });
      return input.email;
    },
    meta: { errorMessage: RESET_TEXTS.requestError, toastId: 'password-reset-request' },
    onSuccess,
  });
}

/** The link's account e-mail, or its refusal (unknown, used, expired) as the error. */
export function useResetLink(token: string) {
  return useQuery({
    queryKey: keys.link(token),
    queryFn: async () => {
      const { passwordResetCheckResponseSchema: schema } = await loadSchemas();
      return (await api.post('/auth/password-reset/check', { token }, { schema, fallbackMessage: RESET_TEXTS.linkError })).data;
    },
    enabled: token !== '',
    staleTime: Infinity,
  });
}

export function useConfirmPasswordReset({ onSuccess }: { onSuccess: () => void }) {
  return useMutation({
    mutationFn: async (input: PasswordResetInput) => {
      const { passwordResetRequestResponseSchema: schema } = await loadSchemas();
      await api.post('/auth/password-reset/confirm', input, { schema, fallbackMessage: RESET_TEXTS.confirmError });
    },
    meta: { errorMessage: RESET_TEXTS.confirmError, toastId: 'password-reset-confirm' },
    onSuccess,
  });
}

import { z } from 'zod';
import { successEnvelope } from '../api/envelope.ts';
import { storableString } from '../api/storable-text.ts';

/** Texts of docs/product.md#rules-account, verbatim. The same schemas validate the forms and the server routes. */
export const AUTH_TEXTS = {
  invalidEmail: 'Email inválido',
  passwordRequired: 'Senha é obrigatória',
  nameTooShort: 'Nome deve ter no mínimo 2 caracteres',
  passwordTooShort: 'Senha deve ter no mínimo 6 caracteres',
} as const;

export const NAME_MIN_LENGTH = 2;
export const PASSWORD_MIN_LENGTH = 6;

const emailField = storableString().trim().toLowerCase().pipe(z.email({ error: AUTH_TEXTS.invalidEmail }));

export const registerInputSchema = z.object({
  name: storableString({ error: AUTH_TEXTS.nameTooShort }).trim().min(NAME_MIN_LENGTH, { error: AUTH_TEXTS.nameTooShort }).max(120),
  email: z.string({ error: AUTH_TEXTS.invalidEmail }).pipe(emailField),
  password: storableString({ error: AUTH_TEXTS.passwordTooShort }).min(PASSWORD_MIN_LENGTH, { error: AUTH_TEXTS.passwordTooShort }).max(200),
});

export const loginInputSchema = z.object({
  email: z.string({ error: AUTH_TEXTS.invalidEmail }).pipe(emailField),
  password: storableString({ error: AUTH_TEXTS.passwordRequired }).min(1, { error: AUTH_TEXTS.passwordRequired }).max(200),
});

export const refreshInputSchema = z.object({
  refreshToken: storableString().min(1).max(512),
});

export const logoutInputSchema = refreshInputSchema;

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  createdAt: z.string(),
});

export const tokensSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
});

export const authResultSchema = z.object({ user: userSchema, tokens: tokensSchema });

export const authResponseSchema = successEnvelope(authResultSchema);
export const refreshResponseSchema = successEnvelope(z.object({ tokens: tokensSchema }));

export type RegisterInput = z.infer<typeof registerInputSchema>;
export type LoginInput = z.infer<typeof loginInputSchema>;
export type User = z.infer<typeof userSchema>;
export type Tokens = z.infer<typeof tokensSchema>;
export type AuthResult = z.infer<typeof authResultSchema>;

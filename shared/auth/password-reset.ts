/**
 * Password reset by e-mail (docs/decisions.md#password-reset): the contract of the "Esqueci minha senha" and
 * "Redefinir senha" screens and their routes. The new password follows the registration rules.
 */
import { z } from 'zod';
import { successEnvelope } from '../api/envelope.ts';
import { storableString } from '../api/storable-text.ts';
import { loginInputSchema, registerInputSchema } from './schemas.ts';

/** How long a link sent by e-mail stays usable. */
export const RESET_LINK_TTL_MINUTES = 60;

/** The screen a link opens; the token rides in the fragment, which browsers never send to a server or a Referer. */
export const RESET_PASSWORD_PATH = '/reset-password';

export const resetLinkFor = (origin: string, token: string) => `${origin}${RESET_PASSWORD_PATH}#token=${token}`;

/** The token of a link's fragment (`#token=…`), or '' when the address carries none. */
export const tokenFromHash = (hash: string) => /(?:^#?|&)token=([^&]*)/.exec(hash)?.[1] ?? '';

export const passwordResetRequestInputSchema = z.object({ email: loginInputSchema.shape.email });

const tokenField = storableString().min(1).max(200);

export const passwordResetCheckInputSchema = z.object({ token: tokenField });

export const passwordResetInputSchema = z.object({ token: tokenField, password: registerInputSchema.shape.password });

export const passwordResetAvailabilitySchema = z.object({
  /** E-mail can be sent (SMTP_URL) and links can be built for the address this screen was opened at. */
  available: z.boolean(),
});

export const passwordResetAvailabilityResponseSchema = successEnvelope(passwordResetAvailabilitySchema);
/** What a valid link answers: the account's e-mail, shown on the screen (and read by password managers). */
export const passwordResetCheckResponseSchema = successEnvelope(z.object({ email: z.string() }));
export const passwordResetRequestResponseSchema = successEnvelope(z.null());

export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestInputSchema>;
export type PasswordResetInput = z.infer<typeof passwordResetInputSchema>;
export type PasswordResetAvailability = z.infer<typeof passwordResetAvailabilitySchema>;

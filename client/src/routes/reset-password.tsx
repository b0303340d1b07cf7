import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page.tsx';

/** Opened from the e-mailed link; the token is in the fragment (`#token=…`), read by the page. */
export const Route = createFileRoute('/reset-password')({ component: ResetPasswordPage });

/**
 * The manual grant and "Alterar prazo" rules: the shared schema (shared/access/members.ts) with its pt-BR texts.
 * A grant is for some days or vitalício; a new end of access is a future day (the access ends as that day closes,
 * in the viewer's time zone) or vitalício.
 */
import { grantAccessInputSchema, type GrantAccessInput } from '@shared/access/members.ts';
import { ACCESS_TEXTS } from '@shared/access/texts.ts';
import type { FormErrors } from '../../../lib/use-form-state.ts';

export type GrantFormValues = { planId: string; email: string; name: string; days: string; lifetime: boolean; note: string };

export const emptyGrantForm = (planId = ''): GrantFormValues => ({ planId, email: '', name: '', days: '30', lifetime: false, note: '' });

export type GrantCheck = { ok: true; planId: string; input: GrantAccessInput } | { ok: false; errors: FormErrors; summary?: undefined };

export function checkGrant(values: GrantFormValues): GrantCheck {
  const errors: FormErrors = {};
  if (!values.planId) errors.planId = 'Escolha o plano';
  const days = values.days.trim();
  const result = grantAccessInputSchema.safeParse({
    email: values.email,
    name: values.name.trim() || undefined,
    ...(values.lifetime ? { lifetime: true } : { days: /^\d+$/.test(days) ? Number(days) : Number.NaN }),
    note: values.note.trim() || undefined,
  });
  if (!result.success) for (const issue of result.error.issues) errors[String(issue.path[0] ?? 'email')] ??= issue.message;
  if (!result.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, planId: values.planId, input: result.data };
}

export function checkAccessUntil(day: string, lifetime: boolean, now: Date): { ok: true; accessUntil: string | null } | { ok: false; error: string } {
  if (lifetime) return { ok: true, accessUntil: null };
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return { ok: false, error: ACCESS_TEXTS.accessUntilInvalid };
  const end = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59);
  if (Number.isNaN(end.getTime())) return { ok: false, error: ACCESS_TEXTS.accessUntilInvalid };
  if (end <= now) return { ok: false, error: ACCESS_TEXTS.accessUntilPast };
  return { ok: true, accessUntil: end.toISOString() };
}

import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';
import { RESET_TEXTS } from '../api/password-reset-texts.ts';

/** A box of the account screens that says where things stand instead of a form (sent, unavailable, a bad link). */
export function AuthNotice({ tone = 'info', children }: { tone?: 'info' | 'error'; children: ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('rounded-lg border px-4 py-3 text-sm leading-relaxed', tone === 'error' ? 'border-red-200 bg-red-50 text-red-800' : 'border-brand-200 bg-brand-50 text-slate-800')}
    >
      {children}
    </div>
  );
}

/** Under the reset screens, the way back: 'Voltar para o login' (or another account screen). */
export function AuthBackLink({ to = '/login', children = RESET_TEXTS.backToLogin }: { to?: '/login' | '/forgot-password'; children?: ReactNode }) {
  return (
    <Link to={to} className="inline-block py-1 font-semibold text-brand-600 hover:text-brand-700 hover:underline">
      {children}
    </Link>
  );
}

import { Link } from '@tanstack/react-router';
import { AlertTriangle, MessageCircle, Send, type LucideIcon } from 'lucide-react';
import type { ActivityNow } from '@shared/dashboard/schemas.ts';
import { formatNowFigure } from '../utils/now-figure.ts';
import { cn } from '../../../lib/cn.ts';

type NowCard = { key: keyof ActivityNow; label: string; to: '/chat' | '/broadcasts' | '/pixels'; icon: LucideIcon; tone: string; alert: string };

const CARDS: NowCard[] = [
  { key: 'unreadConversations', label: 'Conversas não lidas', to: '/chat', icon: MessageCircle, tone: 'bg-indigo-50 text-indigo-600', alert: 'border-indigo-200' },
  { key: 'broadcastsSending', label: 'Disparos enviando', to: '/broadcasts', icon: Send, tone: 'bg-sky-50 text-sky-600', alert: 'border-sky-200' },
  { key: 'pixelEventsFailing', label: 'Eventos de pixel falhando', to: '/pixels', icon: AlertTriangle, tone: 'bg-red-50 text-red-600', alert: 'border-red-300' },
];

/** What needs the operator now, each card opening the screen where it is dealt with. */
export function NowCards({ now, unavailable }: { now: ActivityNow | undefined; unavailable: boolean }) {
  return (
    <section aria-labelledby="agora-title" aria-busy={(now === undefined && !unavailable) || undefined}>
      <h2 id="agora-title" className="mb-3 text-base font-semibold text-slate-900">
        Agora
      </h2>
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-3 sm:gap-4">
        {CARDS.map(({ key, label, to, icon: Icon, tone, alert }) => {
          const value = now?.[key];
          return (
            <li key={key}>
              <Link
                to={to}
                data-testid={`now-${key}`}
                className={cn(
                  'flex items-center gap-3 rounded-2xl border bg-white px-4 py-3 shadow-sm transition-colors hover:border-brand-200 sm:py-4',
                  value ? alert : 'border-slate-200/80',
                )}
              >
                <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-xl sm:size-10', tone)}>
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="min-w-0 flex-1 text-sm font-medium text-slate-600">{label}</span>
                <span className="text-2xl font-bold tracking-tight text-slate-900 tabular-nums">
                  <Figure value={value === undefined ? undefined : formatNowFigure(key, value)} unavailable={unavailable} />
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Figure({ value, unavailable }: { value: string | undefined; unavailable: boolean }) {
  if (value !== undefined) return value;
  if (unavailable) return '—';
  return <span aria-hidden="true" className="inline-block h-7 w-8 animate-pulse rounded bg-slate-100 align-middle" />;
}

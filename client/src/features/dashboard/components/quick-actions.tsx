import { Link } from '@tanstack/react-router';
import { BookOpen, ChevronRight, ExternalLink, Plus, Workflow, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';

export const BOTFATHER_DOCS_URL = 'https://core.telegram.org/bots/features#botfather';

const row = 'group flex items-center gap-3 rounded-xl px-3 py-3 transition-colors hover:bg-slate-50';
const trailing = 'size-4 text-slate-300 group-hover:text-slate-500';

const SHORTCUTS = [
  { to: '/bots', icon: Plus, tone: 'bg-indigo-50 text-indigo-600', title: 'Adicionar bot', text: 'Cole o token do BotFather' },
  { to: '/flows', icon: Workflow, tone: 'bg-violet-50 text-violet-600', title: 'Criar fluxo', text: 'Automatize conversas' },
] as const;

export function QuickActions({ className }: { className?: string }) {
  return (
    <Card className={className}>
      <CardHeader title="Ações rápidas" description="Os atalhos mais usados" />
      <ul className="p-2 sm:p-3">
        {SHORTCUTS.map(({ to, ...text }) => (
          <li key={to}>
            <Link to={to} className={row}>
              <ActionText {...text} />
              <ChevronRight aria-hidden="true" className={trailing} />
            </Link>
          </li>
        ))}
        <li>
          <a href={BOTFATHER_DOCS_URL} target="_blank" rel="noopener noreferrer" className={row}>
            <ActionText
              icon={BookOpen}
              tone="bg-sky-50 text-sky-600"
              title="Como criar um bot"
              text={
                <>
                  Documentação do Telegram <span className="sr-only">(abre em nova aba)</span>
                </>
              }
            />
            <ExternalLink aria-hidden="true" className={trailing} />
          </a>
        </li>
      </ul>
    </Card>
  );
}

function ActionText({ icon: Icon, tone, title, text }: { icon: LucideIcon; tone: string; title: string; text: ReactNode }) {
  return (
    <>
      <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-xl', tone)}>
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-medium text-slate-900">{title}</span>
        <span className="block text-sm text-slate-500">{text}</span>
      </span>
    </>
  );
}

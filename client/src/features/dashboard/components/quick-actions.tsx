import { Link } from '@tanstack/react-router';
import { BookOpen, ChevronRight, ExternalLink, Plus, Workflow } from 'lucide-react';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';

export const BOTFATHER_DOCS_URL = 'https://core.telegram.org/bots/features#botfather';

const row = 'group flex items-center gap-3 rounded-xl px-3 py-3 transition-colors hover:bg-slate-50';
const iconBox = 'flex size-10 shrink-0 items-center justify-center rounded-xl';

export function QuickActions({ className }: { className?: string }) {
  return (
    <Card className={className}>
      <CardHeader title="Ações rápidas" description="Os atalhos mais usados" />
      <ul className="p-2 sm:p-3">
        <li>
          <Link to="/bots" className={row}>
            <span className={cn(iconBox, 'bg-indigo-50 text-indigo-600')}>
              <Plus aria-hidden="true" className="size-5" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-medium text-slate-900">Adicionar bot</span>
              <span className="block text-sm text-slate-500">Cole o token do BotFather</span>
            </span>
            <ChevronRight aria-hidden="true" className="size-4 text-slate-300 group-hover:text-slate-500" />
          </Link>
        </li>
        <li>
          <Link to="/flows" className={row}>
            <span className={cn(iconBox, 'bg-violet-50 text-violet-600')}>
              <Workflow aria-hidden="true" className="size-5" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-medium text-slate-900">Criar fluxo</span>
              <span className="block text-sm text-slate-500">Automatize conversas</span>
            </span>
            <ChevronRight aria-hidden="true" className="size-4 text-slate-300 group-hover:text-slate-500" />
          </Link>
        </li>
        <li>
          <a href={BOTFATHER_DOCS_URL} target="_blank" rel="noopener noreferrer" className={row}>
            <span className={cn(iconBox, 'bg-sky-50 text-sky-600')}>
              <BookOpen aria-hidden="true" className="size-5" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-medium text-slate-900">Como criar um bot</span>
              <span className="block text-sm text-slate-500">
                Documentação do Telegram <span className="sr-only">(abre em nova aba)</span>
              </span>
            </span>
            <ExternalLink aria-hidden="true" className="size-4 text-slate-300 group-hover:text-slate-500" />
          </a>
        </li>
      </ul>
    </Card>
  );
}

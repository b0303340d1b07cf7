import { Link } from '@tanstack/react-router';
import { ChevronRight } from 'lucide-react';
import type { Bot } from '@shared/bots/schemas.ts';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { UserText } from '../../../components/ui/user-text.tsx';

/** The global page's contacts per bot, most first; each opens that bot's contacts. */
export function BotBreakdown({ bots, counts }: { bots: Bot[]; counts: Map<string, number> }) {
  const sorted = [...bots].sort((a, b) => (counts.get(b.id) ?? 0) - (counts.get(a.id) ?? 0));
  if (sorted.length === 0) return null;
  return (
    <Card>
      <CardHeader title="Contatos por bot" as="h3" />
      <ul aria-label="Contatos por bot" className="divide-y divide-slate-100 px-2 pb-2">
        {sorted.map((bot) => (
          <li key={bot.id}>
            <Link to="/contacts/$botId" params={{ botId: bot.id }} className="flex items-center gap-3 rounded-lg px-3 py-2.5 hover:bg-slate-50">
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-slate-900"><UserText>{bot.name}</UserText></span>
                <span className="block truncate text-sm text-slate-500"><UserText>{`@${bot.username}`}</UserText></span>
              </span>
              <span className="text-sm font-semibold text-slate-700 tabular-nums">{formatNumber(counts.get(bot.id) ?? 0)}</span>
              <ChevronRight aria-hidden="true" className="size-4 text-slate-400" />
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

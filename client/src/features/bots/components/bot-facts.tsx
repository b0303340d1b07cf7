import type { Bot } from '@shared/bots/schemas.ts';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import { formatDateTime } from '../../../lib/format.ts';

/** Informações do bot: its Telegram id, username and dates. */
export function BotFacts({ bot }: { bot: Bot }) {
  return (
    <Card>
      <CardHeader title="Informações do bot" />
      <dl className="grid gap-x-6 gap-y-4 px-5 py-5 sm:grid-cols-2 sm:px-6">
        {/* The bot's Telegram id (what BotFather and Telegram tools show), not Canalize's internal key. */}
        <Fact term="ID do bot no Telegram" value={bot.telegramId ?? '—'} mono />
        <Fact term="Nome de usuário" value={`@${bot.username}`} />
        <Fact term="Criado em" value={formatDateTime(bot.createdAt)} />
        <Fact term="Atualizado em" value={formatDateTime(bot.updatedAt)} />
      </dl>
    </Card>
  );
}

function Fact({ term, value, mono }: { term: string; value: string; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-slate-500">{term}</dt>
      <dd className={mono ? 'mt-0.5 truncate font-mono text-sm text-slate-900' : 'mt-0.5 font-medium text-slate-900'}>{value}</dd>
    </div>
  );
}

import { Inbox, MailOpen, Send, MessagesSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { formatNumber } from '../../../lib/format.ts';
import type { ConversationView } from '../api/conversation-rows.ts';
import { useMessageStats } from '../api/inbox-requests.ts';

/**
 * Total, Enviadas, Recebidas, Não Lidas (docs/product.md#screen-chat). The counts come from the server; unread is
 * also known from the cache, so it stays right offline and moves at once when a conversation is opened.
 */
export function StatCards({ conversations }: { conversations: ConversationView[] | undefined }) {
  const { data } = useMessageStats();
  const unread = conversations?.reduce((sum, conversation) => sum + conversation.unreadCount, 0) ?? data?.unread;
  const show = (value: number | undefined) => (value === undefined ? '—' : formatNumber(value));
  return (
    <ul aria-label="Estatísticas de mensagens" className="grid grid-cols-4 gap-2 sm:gap-4">
      <Stat icon={<MessagesSquare className="size-4" />} label="Total" value={show(data?.total)} />
      <Stat icon={<Send className="size-4" />} label="Enviadas" value={show(data?.sent)} />
      <Stat icon={<Inbox className="size-4" />} label="Recebidas" value={show(data?.received)} />
      <Stat icon={<MailOpen className="size-4" />} label="Não Lidas" value={show(unread)} />
    </ul>
  );
}

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <li>
      <Card className="flex flex-col gap-1 px-3 py-2 sm:px-5 sm:py-4" aria-label={`${label}: ${value}`}>
        <span className="flex items-center gap-1.5 text-xs font-medium text-slate-500 sm:text-sm">
          <span aria-hidden="true" className="hidden text-brand-600 sm:inline">{icon}</span>
          {label}
        </span>
        <span className="text-lg font-semibold text-slate-900 sm:text-2xl">{value}</span>
      </Card>
    </li>
  );
}

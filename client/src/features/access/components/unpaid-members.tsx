import { UserMinus } from 'lucide-react';
import { useState } from 'react';
import type { Plan } from '@shared/access/plans.ts';
import { UNPAID_TEXTS, type UnpaidChat } from '@shared/access/unpaid.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardHeader } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { UserText } from '../../../components/ui/user-text.tsx';
import { useRemoveUnpaid, useUnpaidReport } from '../api/unpaid-requests.ts';

const dateOf = (iso: string) => new Date(iso).toLocaleDateString('pt-BR');

function ChatUnpaid({ chat }: { chat: UnpaidChat }) {
  const hidden = chat.count - chat.people.length;
  const done = [chat.pending > 0 && UNPAID_TEXTS.pending(chat.pending), chat.removed > 0 && `${chat.removed} removidos`, chat.protected > 0 && `${chat.protected} administradores mantidos`].filter(Boolean);
  return (
    <section aria-label={`Membros sem acesso em ${chat.title}`} className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">
        <UserText>{chat.title}</UserText> · {chat.count} sem acesso
      </h3>
      {done.length > 0 && <p className="text-sm text-slate-600">{done.join(' · ')}</p>}
      {chat.people.length > 0 && (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
          {chat.people.map((person) => (
            <li key={person.telegramId} className="flex flex-wrap justify-between gap-2 px-3 py-2">
              <span className="min-w-0 truncate">
                <UserText>{person.name ?? `ID ${person.telegramId}`}</UserText>
                {person.username && <span className="text-slate-500"> @{person.username}</span>}
              </span>
              <span className="text-slate-500">entrou em {dateOf(person.joinedAt)}</span>
            </li>
          ))}
        </ul>
      )}
      {hidden > 0 && <p className="text-sm text-slate-500">e mais {hidden}.</p>}
    </section>
  );
}

/** The plan's dry-run: who the bot would remove from its chats, removed only when the operator confirms. */
export function UnpaidMembers({ plan, online }: { plan: Plan; online: boolean }) {
  const report = useUnpaidReport(plan.id, online && !plan.archived);
  const remove = useRemoveUnpaid();
  const [confirming, setConfirming] = useState(false);
  const data = report.data;
  if (!data) return null;
  const total = data.total;
  const canRemove = online && plan.active && !plan.archived && total > 0;

  async function confirm() {
    try {
      await remove.mutateAsync({ planId: plan.id });
    } catch {
      // Toasted with the server's reason.
    }
    setConfirming(false);
  }

  const action = (
    <Button variant="outline" className="text-red-700" disabled={!canRemove} icon={<UserMinus aria-hidden="true" className="size-4" />} onClick={() => setConfirming(true)}>
      {UNPAID_TEXTS.remove(total)}
    </Button>
  );
  return (
    <Card>
      <CardHeader title={UNPAID_TEXTS.title} description={UNPAID_TEXTS.note} actions={total > 0 ? action : undefined} />
      <div className="space-y-4 px-5 py-4 sm:px-6">
        {total === 0 && <p className="text-sm text-slate-600">{UNPAID_TEXTS.none}</p>}
        {data.chats.filter((chat) => chat.count > 0 || chat.pending + chat.removed + chat.protected > 0).map((chat) => <ChatUnpaid key={chat.channelId} chat={chat} />)}
      </div>
      <ConfirmDialog
        open={confirming}
        title={UNPAID_TEXTS.remove(total)}
        message={UNPAID_TEXTS.confirm(total)}
        confirmLabel="Remover"
        danger
        loading={remove.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}

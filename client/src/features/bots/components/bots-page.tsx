import { Bot as BotIcon, Plus } from 'lucide-react';
import { useState } from 'react';
import type { Bot } from '../../../../../shared/bots/schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useDeleteBot } from '../api/delete-bot.ts';
import { useBots } from '../api/get-bots.ts';
import { AddBotModal } from './add-bot-modal.tsx';
import { BotCard } from './bot-card.tsx';

/** /bots (part 1 §2): the user's bots as cards, the add-bot modal and the removal confirm. */
export function BotsPage() {
  const bots = useBots();
  const deleteBot = useDeleteBot();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Bot | null>(null);

  function confirmRemoval() {
    if (!removing) return;
    deleteBot.mutate(removing.id, { onSettled: () => setRemoving(null) });
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">Seus bots</h2>
          <p className="mt-1 text-sm text-slate-500">Cadastre bots do Telegram e veja onde cada um é administrador.</p>
        </div>
        <Button icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => setAdding(true)}>
          Adicionar Bot
        </Button>
      </div>

      {bots.isPending ? (
        <BotListSkeleton />
      ) : bots.isError ? (
        <Card className="px-6 py-10 text-center">
          <p className="text-slate-600">Não foi possível carregar seus bots.</p>
          <Button variant="outline" className="mt-4" onClick={() => void bots.refetch()} loading={bots.isFetching}>
            Tentar novamente
          </Button>
        </Card>
      ) : bots.data.length === 0 ? (
        <EmptyState onAdd={() => setAdding(true)} />
      ) : (
        <ul aria-label="Bots cadastrados" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {bots.data.map((bot) => (
            <li key={bot.id}>
              <BotCard bot={bot} onRemove={setRemoving} />
            </li>
          ))}
        </ul>
      )}

      <AddBotModal open={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        open={removing !== null}
        title="Remover bot"
        message="Tem certeza que deseja remover este bot?"
        confirmLabel="Remover"
        danger
        loading={deleteBot.isPending}
        onConfirm={confirmRemoval}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}

function EmptyState({ onAdd }: { onAdd: () => void }) {
  return (
    <Card className="flex flex-col items-center px-6 py-14 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
        <BotIcon aria-hidden="true" className="size-7" />
      </span>
      <h3 className="mt-5 text-lg font-semibold text-slate-900">Nenhum bot cadastrado</h3>
      <p className="mt-2 max-w-md text-slate-600">
        Crie um bot no @BotFather do Telegram e cole o token aqui para começar a gerenciar seus grupos e canais.
      </p>
      <Button className="mt-6" icon={<Plus aria-hidden="true" className="size-4" />} onClick={onAdd}>
        Adicionar Primeiro Bot
      </Button>
    </Card>
  );
}

function BotListSkeleton() {
  return (
    <ul aria-busy="true" aria-label="Carregando bots" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {[0, 1, 2].map((key) => (
        <li key={key} className="h-40 animate-pulse rounded-2xl border border-slate-200/80 bg-white" />
      ))}
    </ul>
  );
}

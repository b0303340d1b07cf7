import { Bot as BotIcon, Plus } from 'lucide-react';
import { useState } from 'react';
import type { Bot } from '@shared/bots/schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useFirstLoadFailed } from '../../../offline/hooks.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { useBots } from '../api/bot-rows.ts';
import { BOT_TOASTS } from '../api/bot-texts.ts';
import { useRemoveBot } from '../api/bot-writes.ts';
import { AddBotModal } from './add-bot-modal.tsx';
import { BotCard } from './bot-card.tsx';

/** /bots (docs/product.md#screen-bots): the user's bots as cards (from the local cache), the add-bot modal and the removal confirm. */
export function BotsPage() {
  const bots = useBots();
  const loadFailed = useFirstLoadFailed();
  const removeBot = useRemoveBot();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Bot | null>(null);

  function confirmRemoval() {
    if (!removing) return;
    setRemoving(null);
    void removeBot(removing.id);
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

      {bots === undefined && loadFailed ? (
        <LoadError message={BOT_TOASTS.loadBotsError} />
      ) : bots === undefined ? (
        <BotListSkeleton />
      ) : bots.length === 0 ? (
        <EmptyState onAdd={() => setAdding(true)} />
      ) : (
        <ul aria-label="Bots cadastrados" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {bots.map((bot) => (
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

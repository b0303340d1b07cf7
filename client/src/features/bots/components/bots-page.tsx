import { Link } from '@tanstack/react-router';
import { Bot as BotIcon, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Bot } from '@shared/bots/schemas.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { CardGrid, CardGridStates } from '../../../components/ui/card-grid.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useFirstLoadFailed } from '../../../offline/hooks.ts';
import { useBots } from '../api/bot-rows.ts';
import { BOT_TOASTS } from '../api/bot-texts.ts';
import { useRemoveBot } from '../api/bot-writes.ts';
import { AddBotModal } from './add-bot-modal.tsx';
import { BotCard } from './bot-card.tsx';
import { DeleteBotDialog } from './delete-bot-dialog.tsx';

const plusIcon = <Plus aria-hidden="true" className="size-4" />;

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

  const empty = (
    <EmptyState
      icon={BotIcon}
      title="Nenhum bot cadastrado"
      text="Crie um bot no @BotFather do Telegram e cole o token aqui para começar a gerenciar seus grupos e canais."
      action={
        <Button icon={plusIcon} onClick={() => setAdding(true)}>
          Adicionar Primeiro Bot
        </Button>
      }
    />
  );

  return (
    <div className="space-y-6">
      <PageHeader
        title="Seus bots"
        description="Cadastre bots do Telegram e veja onde cada um é administrador."
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to="/bots/trash" className={buttonClasses({ variant: 'outline' })}>
              <Trash2 aria-hidden="true" className="size-4" />
              Lixeira
            </Link>
            <Button icon={plusIcon} onClick={() => setAdding(true)}>Adicionar Bot</Button>
          </div>
        }
      />
      <CardGridStates items={bots} failed={bots === undefined && loadFailed} errorMessage={BOT_TOASTS.loadBotsError} loadingLabel="Carregando bots" skeletonHeight="h-40" empty={empty}>
        {(list) => (
          <CardGrid label="Bots cadastrados">
            {list.map((bot) => (
              <li key={bot.id}>
                <BotCard bot={bot} onRemove={setRemoving} />
              </li>
            ))}
          </CardGrid>
        )}
      </CardGridStates>
      <AddBotModal open={adding} onClose={() => setAdding(false)} />
      <DeleteBotDialog bot={removing} onConfirm={confirmRemoval} onCancel={() => setRemoving(null)} />
    </div>
  );
}

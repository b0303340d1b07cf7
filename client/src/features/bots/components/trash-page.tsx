import { Link } from '@tanstack/react-router';
import { ArrowLeft, Bot as BotIcon, RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { TRASH_TEXTS, type TrashedBot } from '@shared/bots/trash.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { CardGrid, CardGridStates } from '../../../components/ui/card-grid.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EntityCard } from '../../../components/ui/entity-card.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { formatDateTime, formatDate } from '../../../lib/format.ts';
import { useEraseBot, useRestoreBot, useTrash } from '../api/trash-requests.ts';

/** /bots/trash, "Lixeira" (docs/decisions.md#bot-trash): deleted bots, when each goes for good, Restaurar and Excluir definitivamente. */
export function TrashPage() {
  const trash = useTrash();
  const restore = useRestoreBot();
  const erase = useEraseBot();
  const [erasing, setErasing] = useState<TrashedBot | null>(null);

  return (
    <div className="space-y-6">
      <Link to="/bots" className={buttonClasses({ variant: 'ghost', size: 'sm', className: '-ml-2 self-start' })}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Voltar
      </Link>
      <PageHeader title={TRASH_TEXTS.title} description={TRASH_TEXTS.intro} />
      <CardGridStates
        items={trash.data}
        failed={trash.isError}
        errorMessage="Erro ao carregar a lixeira"
        loadingLabel="Carregando lixeira"
        skeletonHeight="h-40"
        empty={<EmptyState icon={Trash2} title={TRASH_TEXTS.empty} text="Bots excluídos aparecem aqui por 30 dias." />}
      >
        {(list) => (
          <CardGrid label="Bots na lixeira">
            {list.map((bot) => (
              <li key={bot.id}>
                <TrashCard bot={bot} restoring={restore.isPending && restore.variables.id === bot.id} onRestore={() => restore.mutate(bot)} onErase={() => setErasing(bot)} />
              </li>
            ))}
          </CardGrid>
        )}
      </CardGridStates>
      <ConfirmDialog
        open={erasing !== null}
        title={TRASH_TEXTS.eraseTitle}
        message={erasing ? TRASH_TEXTS.eraseQuestion(erasing.name) : ''}
        confirmLabel={TRASH_TEXTS.erase}
        danger
        loading={erase.isPending}
        onConfirm={() => {
          if (erasing) erase.mutate(erasing, { onSettled: () => setErasing(null) });
        }}
        onCancel={() => setErasing(null)}
      />
    </div>
  );
}

type TrashCardProps = { bot: TrashedBot; restoring: boolean; onRestore: () => void; onErase: () => void };

/** One trashed bot: when it was deleted, when it goes for good (pt-BR dates), Restaurar and Excluir definitivamente. */
function TrashCard({ bot, restoring, onRestore, onErase }: TrashCardProps) {
  return (
    <EntityCard
      icon={BotIcon}
      title={bot.name}
      subtitle={<p className="truncate text-sm text-slate-500">@{bot.username}</p>}
      actions={
        <>
          <Button
            variant="outline"
            size="sm"
            className="flex-1"
            icon={<RotateCcw aria-hidden="true" className="size-4" />}
            loading={restoring}
            aria-label={`${TRASH_TEXTS.restore} ${bot.name}`}
            onClick={onRestore}
          >
            {TRASH_TEXTS.restore}
          </Button>
          <Button variant="ghost" size="sm" className="text-red-600 hover:bg-red-50 hover:text-red-700" aria-label={`${TRASH_TEXTS.erase} ${bot.name}`} onClick={onErase}>
            {TRASH_TEXTS.erase}
          </Button>
        </>
      }
    >
      <p className="mt-3 text-sm text-slate-600">
        <time dateTime={bot.deletedAt}>{TRASH_TEXTS.deletedOn(formatDateTime(bot.deletedAt))}</time>
      </p>
      <p className="mt-1 text-sm text-amber-700">
        <time dateTime={bot.purgeAt}>{TRASH_TEXTS.purgeOn(formatDate(bot.purgeAt))}</time>
      </p>
    </EntityCard>
  );
}

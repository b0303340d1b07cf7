import { Link } from '@tanstack/react-router';
import { Megaphone, Plus } from 'lucide-react';
import { BROADCAST_TEXTS, BROADCAST_TOASTS } from '@shared/broadcasts/texts.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { OfflineNotice } from '../../../components/offline-notice.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useSyncSnapshot } from '../../../offline/hooks.ts';
import { useBroadcastPage } from '../hooks/use-broadcast-page.ts';
import { useRowActions } from '../hooks/use-row-actions.ts';
import { BroadcastList } from './broadcast-list.tsx';
import { BroadcastStatCards } from './broadcast-stat-cards.tsx';
import { BroadcastsToolbar, type BroadcastListSearch } from './broadcasts-toolbar.tsx';

type Props = { search: BroadcastListSearch; onSearch: (next: BroadcastListSearch) => void };

export const OFFLINE_LIST_HINT = 'Você está offline: a lista do servidor volta com a conexão. Rascunhos podem ser criados e editados; enviar, cancelar, parar e duplicar precisam de conexão.';

function NewBroadcastLink({ children, className = '' }: { children: string; className?: string }) {
  return (
    <Link to="/broadcasts/new" className={`${buttonClasses()} ${className}`.trim()}>
      <Plus aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}

const Empty = ({ filtered }: { filtered: boolean }) => (
  <EmptyState
    icon={Megaphone}
    title={BROADCAST_TEXTS.empty}
    text={filtered ? 'Nenhum disparo corresponde aos filtros.' : BROADCAST_TEXTS.emptyHint}
    action={!filtered && <NewBroadcastLink>Criar disparo</NewBroadcastLink>}
  />
);

const Loading = () => (
  <ul aria-busy="true" aria-label="Carregando disparos" className="space-y-3">
    {[0, 1, 2].map((key) => (
      <li key={key} className="h-20 animate-pulse rounded-2xl border border-slate-200/80 bg-white" />
    ))}
  </ul>
);

/** /broadcasts (docs/product.md#screen-broadcasts): stats, filters and the list, with this device's drafts in it. */
export function BroadcastsPage({ search, onSearch }: Props) {
  const { online } = useSyncSnapshot();
  const view = useBroadcastPage(search, onSearch, online);
  const actions = useRowActions();
  return (
    <div className="space-y-6">
      <PageHeader title="Disparos em Massa" description="Envie mensagens para os contatos dos seus bots, agora ou agendadas." actions={<NewBroadcastLink>Novo disparo</NewBroadcastLink>} />
      {!online && <OfflineNotice>{OFFLINE_LIST_HINT}</OfflineNotice>}
      <BroadcastStatCards stats={view.stats} />
      <BroadcastsToolbar filters={{ search: search.q ?? '', botId: search.botId, status: search.status }} bots={view.bots} onChange={view.change} />
      {view.failed && view.rows.length === 0 ? (
        <LoadError message={BROADCAST_TOASTS.loadListFailed} silent />
      ) : view.loading ? (
        <Loading />
      ) : (
        <BroadcastList rows={view.rows} online={online} onAction={(action, row) => void actions.run(action, row)} empty={<Empty filtered={view.filtered} />} pagination={view.pagination} />
      )}
      <ConfirmDialog {...actions.dialog} />
    </div>
  );
}
